import { describe, expect, it } from 'vitest';
import { requestTicket } from '@/lib/runtime/isolated/ide-side/ticket';

const origin = 'http://wabc-tab12345-0.localhost:3000';

describe("the IDE's request for a runtime frame's ticket", () => {
  it('asks the server for the frame origin and returns its ticket', async () => {
    const asked: unknown[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      asked.push([url, init.method, JSON.parse(String(init.body))]);
      return Response.json({ ticket: '1.abc.def' });
    }) as unknown as typeof fetch;
    await expect(requestTicket(origin, fetcher)).resolves.toBe('1.abc.def');
    expect(asked).toEqual([['/api/runtime-ticket', 'POST', { origin }]]);
  });

  it("fails the boot with the server's reason when it refuses, or when it cannot be reached", async () => {
    const refusing = (async () => Response.json({ error: 'Refused: not this IDE.' }, { status: 403 })) as unknown as typeof fetch;
    await expect(requestTicket(origin, refusing)).rejects.toThrow(/refused the runtime's address .*Refused: not this IDE\./);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(requestTicket(origin, offline)).rejects.toThrow(/could not be asked .*Failed to fetch/);
  });
});
