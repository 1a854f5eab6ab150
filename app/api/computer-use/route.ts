// Computer use: one model turn per request (the browser's session runs the loop and the preview).
// Thin on purpose: validation, model choice, replay and the Gemini call live in lib/computer-use/server.
import { handleComputerUse } from '@/lib/computer-use/server/handler';
import { guardRequest } from '@/lib/server/request-guard';

// A computer-use turn thinks over screenshots and may be retried once (malformed call) or on 503s.
export const maxDuration = 60;

export async function POST(req: Request): Promise<Response> {
  return guardRequest(req, { json: true }) ?? handleComputerUse(req);
}
