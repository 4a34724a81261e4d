import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createDeflateRaw, crc32 } from 'node:zlib';

/**
 * A ZIP archive written as a stream, entry after entry, in constant memory: each entry is deflated
 * as its content arrives and its sizes and CRC follow it in a data descriptor (general purpose bit
 * 3), so nothing is buffered to learn them first. As each entry is finished its name, size and
 * SHA-256 are pushed to `written`, so a later entry (a manifest) can list the ones before it.
 * No ZIP64: an archive stops with an error before any offset passes 4 GiB.
 */

export interface ZipInput {
  name: string;
  body: AsyncIterable<string | Buffer | Uint8Array>;
}
export interface ZipWritten {
  name: string;
  bytes: number;
  sha256: string;
}

const LIMIT = 0xffffffff;
const FLAGS = 0x0808; // bit 3: sizes in a data descriptor; bit 11: the name is UTF-8

function dosDateTime(d: Date) {
  const time = (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2);
  const date = ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate();
  return { time, date };
}

export async function* zipStream(
  entries: AsyncIterable<ZipInput> | Iterable<ZipInput>,
  written: ZipWritten[] = [],
  now = new Date(),
): AsyncGenerator<Buffer> {
  const { time, date } = dosDateTime(now);
  const central: Buffer[] = [];
  let offset = 0;
  const guard = (n: number) => {
    if (n > LIMIT) throw new Error('zip archive too large (no ZIP64)');
  };
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt16LE(name.length, 26);
    const headerAt = offset;
    yield Buffer.concat([local, name]);
    offset += 30 + name.length;

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const hash = createHash('sha256');
    const deflate = createDeflateRaw();
    const pump = (async () => {
      for await (const chunk of entry.body) {
        const b = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
        crc = crc32(b, crc);
        size += b.length;
        hash.update(b);
        if (!deflate.write(b)) await once(deflate, 'drain');
      }
      deflate.end();
    })();
    pump.catch((e: Error) => deflate.destroy(e));
    try {
      for await (const c of deflate as AsyncIterable<Buffer>) {
        compressed += c.length;
        guard(offset + compressed);
        yield c;
      }
      await pump;
    } finally {
      deflate.destroy();
    }
    guard(size);
    offset += compressed;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += 16;

    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(FLAGS, 8);
    head.writeUInt16LE(8, 10);
    head.writeUInt16LE(time, 12);
    head.writeUInt16LE(date, 14);
    head.writeUInt32LE(crc >>> 0, 16);
    head.writeUInt32LE(compressed, 20);
    head.writeUInt32LE(size, 24);
    head.writeUInt16LE(name.length, 28);
    head.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    head.writeUInt32LE(headerAt, 42);
    central.push(head, name);
    written.push({ name: entry.name, bytes: size, sha256: hash.digest('hex') });
  }
  const directory = Buffer.concat(central);
  guard(offset + directory.length);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}

/**
 * Reads a whole archive written by zipStream back into its entries (tests and the command line).
 * Goes by the central directory, as every unzip does.
 */
export async function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  const { inflateRawSync } = await import('node:zlib');
  const endAt = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('not a zip archive');
  const count = archive.readUInt16LE(endAt + 10);
  let at = archive.readUInt32LE(endAt + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const csize = archive.readUInt32LE(at + 20);
    const nameLen = archive.readUInt16LE(at + 28);
    const extraLen = archive.readUInt16LE(at + 30);
    const commentLen = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const dataAt = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const raw = archive.subarray(dataAt, dataAt + csize);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (crc32(data) >>> 0 !== crc) throw new Error(`CRC mismatch in ${name}`);
    out.set(name, data);
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
