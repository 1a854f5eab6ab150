/** The browser's side of "Test connection": POST /api/ai/test with the user's key for the provider. */
import { CONNECTION_TEST_API, connectionTestResultSchema, KEY_SOURCE_WORDS, type ConnectionTestResult, type ModelChoice } from '@/lib/agent/model-options';
import { readAgentErrorMessage } from '@/lib/agent/http';
import { errorMessage } from '@/lib/error-message';
import { providerKeyHeaders } from '@/lib/settings/request-headers';

export async function testConnection(choice: ModelChoice, signal?: AbortSignal): Promise<ConnectionTestResult> {
  try {
    const response = await fetch(CONNECTION_TEST_API, {
      method: 'POST',
      headers: { ...providerKeyHeaders(choice.provider), 'content-type': 'application/json' },
      body: JSON.stringify(choice),
      signal,
    });
    const text = await response.text();
    if (!response.ok) return { ok: false, error: readAgentErrorMessage(text) || `The server answered ${response.status}.` };
    const parsed = connectionTestResultSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : { ok: false, error: 'The server answered with something that is not a test result.' };
  } catch (error) {
    return { ok: false, error: `The request did not reach the server: ${errorMessage(error)}` };
  }
}

/** "Connected: gemini-3.5-flash answered “OK” in 840 ms, using your key." */
export function describeTestResult(result: ConnectionTestResult): string {
  if (!result.ok) return `Failed: ${result.error}`;
  return `Connected: ${result.model} answered “${result.reply}” in ${result.ms} ms, using ${KEY_SOURCE_WORDS[result.keySource]}.`;
}
