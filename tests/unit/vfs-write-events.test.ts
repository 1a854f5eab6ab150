/**
 * Writes to the runtime's file system still reach watchers and change listeners, with the data as written
 * (bytes stay bytes: an install's files are not decoded to text for listeners that never read them).
 */
import * as almost from 'almostnode';
import { describe, expect, it } from 'vitest';
import { announceFolderChanges, announceWritesWithoutDecoding } from '@/lib/runtime-frame/offline/vfs-write-events';

describe('announceWritesWithoutDecoding', () => {
  it('tells watchers a new file from a changed one and hands listeners the data as written', () => {
    const vfs = new almost.VirtualFS();
    announceWritesWithoutDecoding(vfs);
    vfs.mkdirSync('/app', { recursive: true });
    const watched: string[] = [];
    vfs.watch('/app', {}, (eventType, filename) => watched.push(`${eventType} ${filename}`));
    const heard: [string, unknown][] = [];
    vfs.on('change', (path, data) => heard.push([path, data]));

    const bytes = new Uint8Array([0xff, 0x00, 0x41]);
    vfs.writeFileSync('/app/logo.bin', bytes);
    vfs.writeFileSync('/app/logo.bin', 'text now');

    expect(watched).toEqual(['rename logo.bin', 'change logo.bin']);
    expect(heard).toEqual([
      ['/app/logo.bin', bytes],
      ['/app/logo.bin', 'text now'],
    ]);
    expect(vfs.readFileSync('/app/logo.bin', 'utf8')).toBe('text now');
  });

  it('keeps writes that ask for no events quiet', () => {
    const vfs = almost.VirtualFS.fromSnapshot({ files: [] });
    announceWritesWithoutDecoding(vfs);
    const heard: string[] = [];
    vfs.on('change', (path) => heard.push(path));
    (vfs as unknown as { writeFileSyncInternal(path: string, data: Uint8Array, emit: boolean): void }).writeFileSyncInternal(
      '/quiet.txt',
      new Uint8Array([1]),
      false,
    );
    expect(heard).toEqual([]);
    expect(vfs.readFileSync('/quiet.txt')).toEqual(new Uint8Array([1]));
  });
});

describe('announceFolderChanges', () => {
  it('tells watchers when a folder is made or removed, as fs.watch does, and a folder that already exists is not made again', () => {
    const vfs = new almost.VirtualFS();
    announceFolderChanges(vfs);
    vfs.mkdirSync('/app', { recursive: true });
    const watched: string[] = [];
    vfs.watch('/app', { recursive: true }, (eventType, filename) => watched.push(`${eventType} ${filename}`));

    vfs.mkdirSync('/app/empty');
    vfs.mkdirSync('/app/empty', { recursive: true });
    vfs.mkdirSync('/app/build/assets', { recursive: true });
    vfs.writeFileSync('/app/build/assets/a.js', 'x');
    // What `rm -r build` does: children first, then each folder.
    vfs.unlinkSync('/app/build/assets/a.js');
    vfs.rmdirSync('/app/build/assets');
    vfs.rmdirSync('/app/build');
    vfs.rmdirSync('/app/empty');

    expect(watched).toEqual([
      'rename empty',
      'rename build/assets',
      'rename build/assets/a.js',
      'rename build/assets/a.js',
      'rename build/assets',
      'rename build',
      'rename empty',
    ]);
    expect(vfs.existsSync('/app/build')).toBe(false);
  });
});
