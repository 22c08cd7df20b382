import { deflateSync } from 'fflate';

/** Test-only builders of zips and deflate streams, hostile ones included. */
export interface ZipEntrySpec {
  name: string;
  /** Bytes stored in the zip (already deflated when method is 8 and raw is false). */
  data: Uint8Array;
  /** Size written in the headers; defaults to the real inflated size. */
  declaredSize?: number;
  /** When true, `data` is already a raw deflate stream. */
  raw?: boolean;
  /** 0 = stored (no compression), 8 = deflate (default). */
  method?: 0 | 8;
}

function u16(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff];
}

function u32(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];
}

/** A minimal zip (deflate, no CRC check relied upon: CRC written as 0). */
export function buildZip(entries: ZipEntrySpec[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: number[][] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.method ?? 8;
    const compressed = entry.raw || method === 0 ? entry.data : deflateSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = [
      ...u32(0x04034b50),
      ...u16(20),
      ...u16(0x800),
      ...u16(8),
      ...u16(0),
      ...u16(0),
      ...u32(0),
      ...u32(compressed.length),
      ...u32(size),
      ...u16(name.length),
      ...u16(0),
    ];
    chunks.push(Uint8Array.from(local), name, compressed);
    central.push([
      ...u32(0x02014b50),
      ...u16(20),
      ...u16(20),
      ...u16(0x800),
      ...u16(8),
      ...u16(0),
      ...u16(0),
      ...u32(0),
      ...u32(compressed.length),
      ...u32(size),
      ...u16(name.length),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u32(0),
      ...u32(offset),
      ...name,
    ]);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Uint8Array.from(central.flat());
  const end = Uint8Array.from([
    ...u32(0x06054b50),
    ...u16(0),
    ...u16(0),
    ...u16(entries.length),
    ...u16(entries.length),
    ...u32(directory.length),
    ...u32(offset),
    ...u16(0),
  ]);
  return Buffer.concat([...chunks, directory, end]);
}

/**
 * A raw deflate stream that inflates to about `bytes` zero bytes, built directly (one fixed-Huffman
 * block: a literal 0, then <length 258, distance 1> repeated), so a 1 GB bomb costs ~6.5 MB and a
 * few tens of milliseconds to build instead of deflating 1 GB.
 */
export function deflateBomb(bytes: number): Uint8Array {
  const repeats = Math.ceil(Math.max(0, bytes - 1) / 258);
  const out = new Uint8Array(Math.ceil((3 + 8 + repeats * 13 + 7) / 8) + 8);
  let bit = 0;
  const put = (value: number, count: number): void => {
    for (let index = 0; index < count; index += 1) {
      if ((value >>> index) & 1) out[bit >>> 3] |= 1 << (bit & 7);
      bit += 1;
    }
  };
  // Huffman codes go most significant bit first: reverse them into the LSB-first stream.
  const putCode = (code: number, length: number): void => {
    let reversed = 0;
    for (let index = 0; index < length; index += 1)
      reversed |= ((code >>> index) & 1) << (length - 1 - index);
    put(reversed, length);
  };
  put(1, 1); // BFINAL
  put(1, 2); // BTYPE = 01, fixed Huffman
  putCode(0x30, 8); // literal 0
  for (let index = 0; index < repeats; index += 1) {
    putCode(0xc5, 8); // length code 285 = 258, no extra bits
    putCode(0, 5); // distance code 0 = 1
  }
  putCode(0, 7); // end of block (256)
  return out.subarray(0, Math.ceil(bit / 8));
}
