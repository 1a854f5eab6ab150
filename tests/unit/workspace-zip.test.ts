import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importFiles } from '@/lib/workspace/import-files';
import { exportZip, importZip, zipFileName } from '@/lib/workspace/zip';
import type { FileContent } from '@/lib/workspace/types';

function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  // getRandomValues fills at most 64 KB per call.
  for (let i = 0; i < length; i += 65_536) crypto.getRandomValues(bytes.subarray(i, i + 65_536));
  bytes[0] = 0xff; // never valid UTF-8, so it must stay binary
  return bytes;
}

function zipOf(entries: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(entries).map(([name, data]) => [name, typeof data === 'string' ? strToU8(data) : data])));
}

describe('exportZip / importZip', () => {
  it('round-trips text and binary files byte for byte', () => {
    const image = randomBytes(4096);
    const blob = randomBytes(100_000);
    const files: { path: string; content: FileContent }[] = [
      { path: '/package.json', content: '{"name":"x"}\n' },
      { path: '/src/App.jsx', content: 'export default () => <p>héllo ✓</p>;\n' },
      { path: '/public/logo.png', content: image },
      { path: '/data/blob.bin', content: blob },
      { path: '/empty.txt', content: '' },
    ];
    const zip = exportZip(files);
    const back = importZip(zip);
    expect(back.map((f) => f.path)).toEqual(['/data/blob.bin', '/empty.txt', '/package.json', '/public/logo.png', '/src/App.jsx']);
    for (const original of files) {
      const found = back.find((f) => f.path === original.path);
      expect(found?.content).toEqual(original.content);
    }
    expect(back.find((f) => f.path === '/public/logo.png')?.content).toBeInstanceOf(Uint8Array);
  });

  it('leaves node_modules out of the export, keeps .git, and uses paths without a leading slash', () => {
    const zip = exportZip([
      { path: '/index.js', content: 'x' },
      { path: '/node_modules/react/index.js', content: 'x' },
      { path: '/.git/HEAD', content: 'x' },
    ]);
    const names: string[] = [];
    importZipNames(zip, names);
    expect(names.sort()).toEqual(['.git/HEAD', 'index.js']);
  });

  it.each([['../evil'], ['/abs/path.txt'], ['a/../../b'], ['ok/../../../etc/passwd'], ['C:/Windows/x'], ['a\\..\\..\\b']])(
    'rejects the whole archive for the zip-slip entry %s, naming it',
    (name) => {
      const zip = zipOf({ 'good.txt': 'fine', [name]: 'bad' });
      expect(() => importZip(zip)).toThrow(expect.objectContaining({ code: 'bad-path', message: expect.stringContaining(JSON.stringify(name)) }));
    },
  );

  it('rejects corrupt bytes and truncated archives as corrupt', () => {
    expect(() => importZip(new TextEncoder().encode('this is not a zip'))).toThrow(expect.objectContaining({ code: 'corrupt' }));
    const zip = exportZip([{ path: '/a.txt', content: 'a'.repeat(1000) }]);
    expect(() => importZip(zip.subarray(0, zip.length - 30))).toThrow(expect.objectContaining({ code: 'corrupt' }));
    expect(() => importZip(new Uint8Array(0))).toThrow(expect.objectContaining({ code: 'corrupt' }));
  });

  it('rejects archives over the size or file-count limit before inflating', () => {
    const zip = exportZip([
      { path: '/a.txt', content: 'a'.repeat(6000) },
      { path: '/b.txt', content: 'b'.repeat(6000) },
    ]);
    expect(() => importZip(zip, { maxTotalBytes: 10_000 })).toThrow(expect.objectContaining({ code: 'too-large' }));
    expect(() => importZip(zip, { maxFiles: 1 })).toThrow(expect.objectContaining({ code: 'too-large', message: expect.stringContaining('Too many files') }));
    expect(importZip(zip, { maxTotalBytes: 20_000, maxFiles: 2 })).toHaveLength(2);
  });

  it('strips a single wrapping folder (GitHub-style) but not when files sit at the top', () => {
    const github = zipOf({ 'repo-main/': new Uint8Array(0), 'repo-main/README.md': '# hi', 'repo-main/src/a.js': 'a' });
    expect(importZip(github).map((f) => f.path)).toEqual(['/README.md', '/src/a.js']);
    const flat = zipOf({ 'README.md': '# hi', 'src/a.js': 'a' });
    expect(importZip(flat).map((f) => f.path)).toEqual(['/README.md', '/src/a.js']);
  });

  it('skips folders, node_modules and macOS metadata, and keeps .git (an exported repository comes back)', () => {
    const zip = zipOf({
      'src/': new Uint8Array(0),
      'src/a.js': 'a',
      'node_modules/x/index.js': 'x',
      '.git/HEAD': 'h',
      '__MACOSX/src/._a.js': 'm',
      '.DS_Store': 'd',
      'README.md': 'r',
    });
    expect(importZip(zip).map((f) => f.path)).toEqual(['/.git/HEAD', '/README.md', '/src/a.js']);
  });

  it('makes a safe download name', () => {
    expect(zipFileName('My app: v2/3')).toBe('My app- v2-3.zip');
    expect(zipFileName('...')).toBe('workspace.zip');
  });
});

describe('importFiles', () => {
  it('applies the same path rules and limits to a folder import', () => {
    expect(
      importFiles([
        { path: 'proj/a.js', content: 'a' },
        { path: 'proj/b/c.js', content: 'c' },
      ]).map((f) => f.path),
    ).toEqual(['/a.js', '/b/c.js']);
    expect(() => importFiles([{ path: '../x', content: 'x' }])).toThrow(expect.objectContaining({ code: 'bad-path' }));
    expect(() => importFiles([{ path: 'a', content: 'x'.repeat(100) }], { maxTotalBytes: 10 })).toThrow(expect.objectContaining({ code: 'too-large' }));
    expect(
      importFiles([
        { path: 'node_modules/x.js', content: 'x' },
        { path: 'a.js', content: 'a' },
      ]).map((f) => f.path),
    ).toEqual(['/a.js']);
  });
});

function importZipNames(zip: Uint8Array, out: string[]): void {
  // Reads raw entry names (importZip would normalize them).
  unzipSync(zip, { filter: (info) => (out.push(info.name), false) });
}

describe('an archive whose headers lie about sizes', () => {
  /** A zip of `size` zero bytes whose local and central headers both claim the entry is `claimed` bytes. */
  function lyingZip(size: number, claimed: number): Uint8Array {
    const zip = zipSync({ 'big.bin': new Uint8Array(size) });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let at = 0; at + 4 <= zip.length; at++) {
      const signature = view.getUint32(at, true);
      if (signature === 0x04034b50) view.setUint32(at + 22, claimed, true);
      if (signature === 0x02014b50) view.setUint32(at + 24, claimed, true);
    }
    return zip;
  }

  it('is refused as soon as an entry outgrows its declared size, naming the entry', () => {
    // 16 MB declared as 100 bytes: under every limit as declared, so only counting while inflating catches it.
    expect(() => importZip(lyingZip(16 * 1024 * 1024, 100))).toThrow(
      /entry big\.bin inflates to more than the 100 bytes its header declares\. Nothing was imported\./,
    );
  });

  it('still imports an honest archive whole, entry for entry', () => {
    const files = importZip(lyingZip(300_000, 300_000));
    expect(files.map((file) => file.path)).toEqual(['/big.bin']);
    const content = files[0]?.content;
    expect(content instanceof Uint8Array ? content.length : -1).toBe(300_000);
  });
});
