import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { broadcastChannelClass } from '@/lib/runtime-frame/offline/node/broadcast-channel';

// Node's BroadcastChannel as a program in the runtime sees it; `hold` counts what keeps the process alive.
function make() {
  let holds = 0;
  const BroadcastChannel = broadcastChannelClass(() => {
    holds++;
    return () => void holds--;
  }, `test-${Math.random()}`);
  return { BroadcastChannel, holds: () => holds };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('BroadcastChannel', () => {
  it("checks its arguments in Node's words and names itself from any value", () => {
    const { BroadcastChannel } = make();
    expect(() => new BroadcastChannel()).toThrow('The "name" argument must be specified');
    expect(() => new BroadcastChannel(Symbol('x'))).toThrow(/Cannot convert a Symbol value to a string/);
    const channel = new BroadcastChannel(1n);
    expect(channel.name).toBe('1');
    expect(() => (channel as unknown as { postMessage(): void }).postMessage()).toThrow('The "message" argument must be specified');
    expect(() => channel.postMessage(new MessageChannel())).toThrow('Object that needs transfer was found in message but not listed in transferList');
    channel.close();
    channel.close();
    expect(() => channel.postMessage(null)).toThrow('BroadcastChannel is closed.');
    expect(() => Reflect.get(BroadcastChannel.prototype, 'name', {})).toThrow(expect.objectContaining({ code: 'ERR_INVALID_THIS' }));
  });

  it('delivers to the other channels of the name (not the sender, not other names), as MessageEvents', async () => {
    const { BroadcastChannel } = make();
    const [a, b, c, other] = [new BroadcastChannel('x'), new BroadcastChannel('x'), new BroadcastChannel('x'), new BroadcastChannel('y')];
    const got: string[] = [];
    a.addEventListener('message', (event) => got.push(`a:${(event as MessageEvent).data}`));
    (c as unknown as { onmessage: (event: MessageEvent) => void }).onmessage = (event) => got.push(`c:${event.data}`);
    b.addEventListener('message', () => got.push('b'));
    other.addEventListener('message', () => got.push('other'));
    b.postMessage('hello');
    await turn();
    expect(got.sort()).toEqual(['a:hello', 'c:hello']);
    for (const channel of [a, b, c, other]) channel.close();
  });

  it("lets receiveMessageOnPort take a waiting message at once, and keeps the process alive while open and ref'd", () => {
    const { BroadcastChannel, holds } = make();
    const one = new BroadcastChannel('z');
    const two = new BroadcastChannel('z');
    expect(holds()).toBe(2);
    one.postMessage('some data');
    expect(two.receive()).toEqual({ message: 'some data' });
    expect(two.receive()).toBeUndefined();
    one.unref();
    expect(holds()).toBe(1);
    expect(inspect(one.ref())).toBe("BroadcastChannel { name: 'z', active: true }");
    one.close();
    two.close();
    expect(holds()).toBe(0);
    expect(inspect(one)).toBe("BroadcastChannel { name: 'z', active: false }");
  });
});
