/**
 * A "pixel bomb": a real, complete PNG of `edge` × `edge` white pixels, a few hundred kB on disk
 * (the server's photo checks here; the studio's in the browser through write-pixel-bomb.ts)
 * that decode, to the last row, into `edge`² pixels (256 megapixels for 16000). 1 bit per pixel,
 * written chunk by chunk (signature, IHDR, the rows deflated, IEND) in a tenth of a second, where
 * having sharp encode it as RGB took seconds.
 */
import { crc32, deflateSync } from "node:zlib"

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** One PNG chunk: its length, its type, its data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const name = Buffer.from(type, "latin1")
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([name, data])))
  return Buffer.concat([length, name, data, crc])
}

export function pixelBombPng(edge: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(edge, 0)
  header.writeUInt32BE(edge, 4)
  header[8] = 1 // bit depth; colour type 0 (greyscale), default compression, filter and no interlace follow
  // Each row: filter byte 0 (none), then `edge` white pixels (bits set).
  const row = Buffer.alloc(1 + Math.ceil(edge / 8), 0xff)
  row[0] = 0
  const rows = Buffer.alloc(row.length * edge)
  for (let y = 0; y < edge; y += 1) row.copy(rows, y * row.length)
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))])
}
