import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * A small zip writer for tests (no zip library is installed for writing): stored or deflated entries, with the
 * fields an unsafe or broken archive has set by hand (a link's mode, the encrypted flag, a size that lies).
 */

export interface ZipEntry {
  name: string;
  data?: Buffer;
  /** Deflate it (method 8) instead of storing it. */
  deflate?: boolean;
  /** The Unix mode kept in the high 16 bits of the external attributes (0o120777 is a link). */
  mode?: number;
  /** General purpose flags (bit 0: encrypted). */
  flags?: number;
  /** The uncompressed size the headers claim, when it should not be the real one. */
  claimedSize?: number;
}

export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.data ?? Buffer.alloc(0);
    const body = entry.deflate ? zlib.deflateRawSync(data) : data;
    const crc = zlib.crc32(data);
    const size = entry.claimedSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    // Bit 11: the name is UTF-8.
    local.writeUInt16LE((entry.flags ?? 0) | 0x800, 6);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    // Made by Unix (3), so the mode in the external attributes counts.
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE((entry.flags ?? 0) | 0x800, 8);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    const mode = entry.mode ?? (entry.name.endsWith('/') ? 0o040755 : 0o100644);
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A folder's files as zip entries under `prefix` (folders first, as zip tools write them). */
export function zipEntriesOf(dir: string, prefix: string): ZipEntry[] {
  const found = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  const entries: ZipEntry[] = [{ name: `${prefix}/` }];
  for (const e of found.sort((a, b) =>
    path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)),
  )) {
    const full = path.join(e.parentPath, e.name);
    const name = `${prefix}/${path.relative(dir, full).split(path.sep).join('/')}`;
    if (e.isDirectory()) entries.push({ name: `${name}/` });
    else if (e.isFile()) entries.push({ name, data: fs.readFileSync(full), deflate: true });
  }
  return entries;
}
