import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createDeflateRaw, crc32 } from 'node:zlib';

const ZEROS = Buffer.alloc(1024 * 1024);

/** Raw deflate of `bytes` zero bytes, and their CRC-32, streamed so the inflated size never sits in memory. */
async function deflatedZeros(bytes: number): Promise<{ data: Buffer; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  for (let left = bytes; left > 0; left -= ZEROS.length) {
    const chunk = left >= ZEROS.length ? ZEROS : ZEROS.subarray(0, left);
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return { data: Buffer.concat(out), crc };
}

/**
 * A zip archive whose entries each inflate to `realBytes` zero bytes while both of their headers (local and
 * central) claim `claimedBytes`: a "zip bomb" that lies, written to `path`. Built by hand because the point is
 * headers no zip library would write.
 */
export async function writeLyingZip(path: string, names: readonly string[], realBytes: number, claimedBytes: number): Promise<void> {
  const { data, crc } = await deflatedZeros(realBytes);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(claimedBytes, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(claimedBytes, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  const file = createWriteStream(path);
  for (const part of [...locals, directory, end]) if (!file.write(part)) await once(file, 'drain');
  file.end();
  await once(file, 'finish');
}
