import { createInflateRaw } from 'node:zlib';
import { IMPORT_MESSAGES, MAX_IMPORT_UNPACKED_BYTES, MAX_IMPORT_ZIP_ENTRIES } from '@zevar/domain';
import { AppError, badRequest } from '../../lib/errors';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const DATA_DESCRIPTOR = 0x08074b50;
const STORED = 0;
const DEFLATED = 8;
const HAS_DATA_DESCRIPTOR = 0x08;

type Entry = { name: string; method: number; compressed: number; unpacked: number; offset: number };

const unreadable = () => badRequest(IMPORT_MESSAGES.unreadable);
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLargeUnpacked);

/** The zip's directory (its last record says where it starts); anything out of bounds is unreadable. */
function directory(zip: Buffer): { entries: Entry[]; start: number } {
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = zip.readUInt16LE(end + 10);
  const start = zip.readUInt32LE(end + 16);
  // Zip64 (its markers in place of the counts and offsets) is not needed for a workbook this small.
  if (count === 0xffff || start === 0xffffffff) throw unreadable();
  if (count > MAX_IMPORT_ZIP_ENTRIES) throw badRequest(IMPORT_MESSAGES.tooManyParts);
  const entries: Entry[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL_HEADER) throw unreadable();
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (next > end) throw unreadable();
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressed: zip.readUInt32LE(at + 20),
      unpacked: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
    });
    at = next;
  }
  return { entries, start };
}

/** Inflates `data`, counting and discarding, and refuses it the moment it passes `limit` bytes. */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        reject(unreadable());
      }
    });
    inflate.on('error', () => reject(unreadable()));
    inflate.on('end', () => resolve(size));
    inflate.end(data);
  });
}

/**
 * Before a workbook is unpacked (the xlsx reader streams it entry by entry from the local headers,
 * and keeps a worksheet that comes before the shared strings in a temporary file): at most
 * `MAX_IMPORT_ZIP_ENTRIES` parts, together at most `MAX_IMPORT_UNPACKED_BYTES` as the directory
 * declares them, every part's data exactly where its local header and the directory say with nothing
 * hidden between them (the reader sees just these parts), and every part unpacking to no more than
 * it declares (checked by unpacking it with that cap, nothing kept). A zip bomb is refused in the one
 * error shape before the reader touches it.
 */
export async function checkWorkbookBounds(zip: Buffer): Promise<void> {
  const { entries, start } = directory(zip);
  const declared = entries.reduce((sum, e) => sum + e.unpacked, 0);
  if (declared > MAX_IMPORT_UNPACKED_BYTES) throw tooLarge();
  let expected = 0;
  const data: Array<{ entry: Entry; bytes: Buffer }> = [];
  for (const entry of [...entries].sort((a, b) => a.offset - b.offset)) {
    const at = entry.offset;
    if (at !== expected || at + 30 > start || zip.readUInt32LE(at) !== LOCAL_HEADER) throw unreadable();
    const flags = zip.readUInt16LE(at + 6);
    const nameLength = zip.readUInt16LE(at + 26);
    const dataStart = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    const dataEnd = dataStart + entry.compressed;
    if (dataEnd > start) throw unreadable();
    if (zip.toString('utf8', at + 30, at + 30 + nameLength) !== entry.name) throw unreadable();
    if (zip.readUInt16LE(at + 8) !== entry.method) throw unreadable();
    if (!(flags & HAS_DATA_DESCRIPTOR) && zip.readUInt32LE(at + 18) !== entry.compressed) throw unreadable();
    expected = dataEnd;
    if (flags & HAS_DATA_DESCRIPTOR)
      expected += dataEnd + 4 <= start && zip.readUInt32LE(dataEnd) === DATA_DESCRIPTOR ? 16 : 12;
    data.push({ entry, bytes: zip.subarray(dataStart, dataEnd) });
  }
  if (expected !== start) throw unreadable();
  for (const { entry, bytes } of data) {
    if (entry.method === STORED) {
      if (entry.compressed !== entry.unpacked) throw unreadable();
    } else if (entry.method === DEFLATED) {
      if ((await inflatedSize(bytes, entry.unpacked)) !== entry.unpacked) throw unreadable();
    } else {
      throw unreadable();
    }
  }
}
