/** Positional writes into the runtime's file system: what readers of the file see, before and after. */
import { VirtualFS } from 'almostnode';
import { describe, expect, it } from 'vitest';
import { extendVfs } from '@/lib/runtime-frame/offline/vfs-extra';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const bytes = (value: string) => new TextEncoder().encode(value);

describe('positional writes', () => {
  it('writes in the middle and at the end without changing content a reader already holds, and tells watchers', () => {
    const vfs = extendVfs(new VirtualFS());
    vfs.writeFileSync('/f.txt', 'hello world');
    const events: string[] = [];
    vfs.watch('/', { recursive: true }, (event, name) => events.push(`${event} ${name}`));
    const before = vfs.readFileSync('/f.txt');
    vfs.pwriteSync('/f.txt', bytes('J'), 0);
    const middle = vfs.readFileSync('/f.txt');
    for (const chunk of ['!', '?', '.']) vfs.pwriteSync('/f.txt', bytes(chunk), null);
    expect(text(before)).toBe('hello world');
    expect(text(middle)).toBe('Jello world');
    expect(vfs.readFileSync('/f.txt', 'utf8')).toBe('Jello world!?.');
    vfs.copyFileSync('/f.txt', '/copy.txt');
    vfs.pwriteSync('/copy.txt', bytes('#'), null);
    vfs.pwriteSync('/f.txt', bytes('$'), null);
    expect([vfs.readFileSync('/f.txt', 'utf8'), vfs.readFileSync('/copy.txt', 'utf8')]).toEqual(['Jello world!?.$', 'Jello world!?.#']);
    vfs.resizeSync('/f.txt', 5);
    vfs.resizeSync('/f.txt', 7);
    expect(Array.from(vfs.preadSync('/f.txt', 3, 10))).toEqual([...bytes('lo'), 0, 0]);
    expect(events).toContain('change f.txt');
  });
});
