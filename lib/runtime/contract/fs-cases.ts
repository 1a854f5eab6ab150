/** Contract cases for `runtime.fs` and `runtime.export`. */
import type { FsEvent } from '../port';
import { samePath, sleep, within } from './helpers';
import type { ContractCase } from './types';

const encode = (text: string) => new TextEncoder().encode(text);

export const fsCases: ContractCase[] = [
  {
    name: 'fs: write and read text',
    async run(rt, t) {
      const text = 'héllo ✓\nsecond line\n';
      await rt.fs.writeFile(`${t.dir}/hello.txt`, text);
      t.equal(await rt.fs.readTextFile(`${t.dir}/hello.txt`), text, 'readTextFile');
      t.deepEqual(await rt.fs.readFile(`${t.dir}/hello.txt`), encode(text), 'readFile bytes of a text file');
    },
  },
  {
    name: 'fs: write and read bytes',
    async run(rt, t) {
      const bytes = new Uint8Array([0, 1, 2, 127, 128, 254, 255]);
      await rt.fs.writeFile(`${t.dir}/blob.bin`, bytes);
      const back = await rt.fs.readFile(`${t.dir}/blob.bin`);
      t.ok(back instanceof Uint8Array, 'readFile returns a Uint8Array');
      t.deepEqual(back, bytes, 'bytes round-trip');
    },
  },
  {
    name: 'fs: writeFile creates missing parent folders',
    async run(rt, t) {
      await rt.fs.writeFile(`${t.dir}/a/b/c/deep.txt`, 'deep');
      t.equal(await rt.fs.readTextFile(`${t.dir}/a/b/c/deep.txt`), 'deep', 'nested file content');
      t.ok(await rt.fs.exists(`${t.dir}/a/b`), 'intermediate folder exists');
    },
  },
  {
    name: 'fs: mkdir is recursive and idempotent',
    async run(rt, t) {
      await rt.fs.mkdir(`${t.dir}/x/y/z`);
      await rt.fs.writeFile(`${t.dir}/x/y/keep.txt`, 'keep');
      await rt.fs.mkdir(`${t.dir}/x/y/z`);
      await rt.fs.mkdir(`${t.dir}/x/y`);
      t.ok(await rt.fs.exists(`${t.dir}/x/y/z`), 'folder exists');
      t.equal(await rt.fs.readTextFile(`${t.dir}/x/y/keep.txt`), 'keep', 'mkdir of an existing folder keeps its files');
    },
  },
  {
    name: 'fs: readdir reports names and types',
    async run(rt, t) {
      await rt.fs.writeFile(`${t.dir}/file.txt`, 'f');
      await rt.fs.mkdir(`${t.dir}/sub`);
      const entries = [...(await rt.fs.readdir(t.dir))].sort((a, b) => a.name.localeCompare(b.name));
      t.deepEqual(
        entries.map(({ name, type }) => ({ name, type })),
        [
          { name: 'file.txt', type: 'file' },
          { name: 'sub', type: 'directory' },
        ],
        'readdir entries',
      );
    },
  },
  {
    name: 'fs: rm removes a folder recursively',
    async run(rt, t) {
      await rt.fs.writeFile(`${t.dir}/tree/a/b.txt`, 'b');
      await rt.fs.writeFile(`${t.dir}/tree/c.txt`, 'c');
      await rt.fs.rm(`${t.dir}/tree`);
      t.equal(await rt.fs.exists(`${t.dir}/tree`), false, 'folder is gone');
      await rt.fs.writeFile(`${t.dir}/single.txt`, 's');
      await rt.fs.rm(`${t.dir}/single.txt`);
      t.equal(await rt.fs.exists(`${t.dir}/single.txt`), false, 'file is gone');
    },
  },
  {
    name: 'fs: rm of a missing path is not an error',
    async run(rt, t) {
      await rt.fs.rm(`${t.dir}/never/was/here`);
      await rt.fs.rm(`${t.dir}/missing.txt`);
    },
  },
  {
    name: 'fs: rename moves files and folders',
    async run(rt, t) {
      await rt.fs.writeFile(`${t.dir}/old.txt`, 'moved');
      await rt.fs.rename(`${t.dir}/old.txt`, `${t.dir}/new.txt`);
      t.equal(await rt.fs.exists(`${t.dir}/old.txt`), false, 'old file name is gone');
      t.equal(await rt.fs.readTextFile(`${t.dir}/new.txt`), 'moved', 'content under the new name');
      await rt.fs.writeFile(`${t.dir}/folder/inner.txt`, 'inner');
      await rt.fs.rename(`${t.dir}/folder`, `${t.dir}/renamed`);
      t.equal(await rt.fs.readTextFile(`${t.dir}/renamed/inner.txt`), 'inner', 'folder contents follow a rename');
      t.equal(await rt.fs.exists(`${t.dir}/folder`), false, 'old folder name is gone');
    },
  },
  {
    name: 'fs: exists for files, folders and missing paths',
    async run(rt, t) {
      await rt.fs.writeFile(`${t.dir}/there.txt`, 'x');
      t.equal(await rt.fs.exists(`${t.dir}/there.txt`), true, 'file');
      t.equal(await rt.fs.exists(t.dir), true, 'folder');
      t.equal(await rt.fs.exists(`${t.dir}/nope.txt`), false, 'missing file');
      t.equal(await rt.fs.exists(`${t.dir}/nope/deeper`), false, 'missing folder chain');
      // Workspace paths are rooted: "/a" and "a" are the same file.
      t.equal(await rt.fs.exists(`${t.dir.replace(/^\/+/, '')}/there.txt`), true, 'path without leading slash');
    },
  },
  {
    name: 'fs: watch sees a write',
    async run(rt, t) {
      await rt.fs.mkdir(t.dir);
      const target = `${t.dir}/seen.txt`;
      const events: FsEvent[] = [];
      let wake: () => void = () => undefined;
      const seen = new Promise<void>((resolve) => (wake = resolve));
      const stop = rt.fs.watch(t.dir, (event) => {
        events.push(event);
        if (samePath(event.path, target)) wake();
      });
      try {
        // Watchers may attach asynchronously; keep writing until one write is seen.
        let stopWriting = false;
        const writer = (async () => {
          for (let i = 0; !stopWriting && i < 10; i++) {
            await rt.fs.writeFile(target, `write ${i}`);
            await sleep(300);
          }
        })();
        await within(seen, 4000, `a watch event for ${target} (saw ${JSON.stringify(events)})`).finally(() => {
          stopWriting = true;
        });
        await writer;
      } finally {
        stop();
      }
    },
  },
  {
    name: 'fs: a watch that ignores node_modules sees writes beside it and none inside it',
    async run(rt, t) {
      await rt.fs.mkdir(`${t.dir}/node_modules/pkg`);
      const outside = `${t.dir}/src.txt`;
      const events: FsEvent[] = [];
      let wake: () => void = () => undefined;
      const seen = new Promise<void>((resolve) => (wake = resolve));
      const stop = rt.fs.watch(
        t.dir,
        (event) => {
          events.push(event);
          if (samePath(event.path, outside)) wake();
        },
        { ignoreNodeModules: true },
      );
      try {
        // Watchers may attach asynchronously: writes inside node_modules go first, every round, until the
        // write beside them is seen, so an event for them would have arrived before it.
        let stopWriting = false;
        const writer = (async () => {
          for (let i = 0; !stopWriting && i < 10; i++) {
            await rt.fs.writeFile(`${t.dir}/node_modules/pkg/index.js`, `module.exports = ${i};`);
            await rt.fs.writeFile(outside, `write ${i}`);
            await sleep(300);
          }
        })();
        await within(seen, 4000, `a watch event for ${outside} (saw ${JSON.stringify(events)})`).finally(() => {
          stopWriting = true;
        });
        await writer;
        t.equal(events.filter((event) => event.path.includes('node_modules')).length, 0, 'no event from inside node_modules');
      } finally {
        stop();
      }
    },
  },
  {
    name: 'export: returns workspace files and leaves out node_modules',
    async run(rt, t) {
      await rt.fs.writeFile(`${t.dir}/src/a.txt`, 'exported');
      await rt.fs.writeFile(`${t.dir}/node_modules/pkg/index.js`, 'module.exports = 1;');
      const files = await rt.export(t.dir);
      const paths = Object.keys(files);
      const hit = paths.find((p) => samePath(p, `${t.dir}/src/a.txt`));
      if (!hit) return t.fail(`export has ${t.dir}/src/a.txt as a workspace path (got ${JSON.stringify(paths)})`);
      t.deepEqual(files[hit], encode('exported'), 'exported bytes');
      t.ok(!paths.some((p) => p.split('/').includes('node_modules')), `no node_modules (got ${JSON.stringify(paths)})`);
    },
  },
];
