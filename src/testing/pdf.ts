// Reading a generated PDF back in tests: its text page by page (pdfjs-dist, as a PDF reader
// extracts it) and its embedded images with their sizes (pdf-lib), plus small real PNGs to embed.
import { deflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFNumber } from 'pdf-lib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

export interface PdfReadBack {
  pages: string[];
  text: string;
  images: { width: number; height: number }[];
  pageSizes: { width: number; height: number }[];
  title: string | undefined;
}

const standardFontDataUrl = `${join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

export async function readPdf(bytes: Uint8Array): Promise<PdfReadBack> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: bytes.slice(), standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await pdf.destroy();
  const doc = await PDFDocument.load(bytes);
  const objects = doc.context.enumerateIndirectObjects();
  // A PNG with transparency is stored as an image and its soft mask: count the image only.
  const masks = new Set(
    objects.flatMap(([, object]) =>
      object instanceof PDFRawStream ? [String(object.dict.get(PDFName.of('SMask')))] : [],
    ),
  );
  const images = objects.flatMap(([ref, object]) => {
    if (!(object instanceof PDFRawStream) || masks.has(String(ref))) return [];
    if (object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) return [];
    const width = object.dict.get(PDFName.of('Width')) as PDFNumber;
    const height = object.dict.get(PDFName.of('Height')) as PDFNumber;
    return [{ width: width.asNumber(), height: height.asNumber() }];
  });
  return {
    pages,
    text: pages.join('\n'),
    images,
    pageSizes: doc.getPages().map((page) => page.getSize()),
    title: doc.getTitle(),
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real RGB PNG of `width` × `height` (a dark diagonal on white), as PNG bytes. */
export function pngBytes(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 3), 255);
  for (let y = 0; y < height; y += 1) {
    rows[y * (1 + width * 3)] = 0;
    const x = Math.floor((y / height) * width);
    rows.fill(20, y * (1 + width * 3) + 1 + x * 3, y * (1 + width * 3) + 4 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** The same PNG as a data URL, as signature_pad's toDataURL() gives it. */
export function pngDataUrl(width: number, height: number): string {
  return `data:image/png;base64,${Buffer.from(pngBytes(width, height)).toString('base64')}`;
}
