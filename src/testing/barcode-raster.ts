// Barcodes as pixels for tests (issue 32): the label's own shapes (src/files/barcode-shapes.ts)
// filled row by row with the even-odd rule, placed on a white frame, and read back with ZXing in
// Node; the browser test feeds the same frame to Chromium's fake camera as a Y4M video.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BarcodeShapes } from '../files/barcode-shapes';

/** A grey image: one byte a pixel, 0 black, 255 white. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export function whiteFrame(width: number, height: number): GreyImage {
  return { width, height, pixels: new Uint8Array(width * height).fill(255) };
}

/** Draws `shapes` in black on `frame`, `scale` pixels a unit, the symbol's top left at (left, top). */
export function drawShapes(
  frame: GreyImage,
  shapes: BarcodeShapes,
  { left, top, scale }: { left: number; top: number; scale: number },
): void {
  for (let row = 0; row < Math.ceil(shapes.height * scale); row += 1) {
    const y = (row + 0.5) / scale;
    const py = top + row;
    if (py < 0 || py >= frame.height) continue;
    for (const group of shapes.groups) {
      // Orthogonal polygons: a row crosses their vertical edges only.
      const crossings: number[] = [];
      for (const polygon of group) {
        for (let i = 0; i < polygon.length; i += 1) {
          const [x0, y0] = polygon[i]!;
          const [x1, y1] = polygon[(i + 1) % polygon.length]!;
          if (x0 === x1 && y >= Math.min(y0, y1) && y < Math.max(y0, y1)) crossings.push(x0);
        }
      }
      crossings.sort((a, b) => a - b);
      for (let i = 0; i + 1 < crossings.length; i += 2) {
        const from = Math.max(0, left + Math.round(crossings[i]! * scale));
        const to = Math.min(frame.width, left + Math.round(crossings[i + 1]! * scale));
        frame.pixels.fill(0, py * frame.width + from, py * frame.width + to);
      }
    }
  }
}

/** The image as RGBA, the shape ZXing's and the browser's ImageData take. */
export function rgba(image: GreyImage): {
  data: Uint8ClampedArray;
  width: number;
  height: number;
} {
  const data = new Uint8ClampedArray(image.width * image.height * 4);
  image.pixels.forEach((value, i) => {
    data.set([value, value, value, 255], i * 4);
  });
  return { data, width: image.width, height: image.height };
}

/** Every Code 128 and QR code ZXing (the decoder the app bundles) finds in the image. */
export async function readCodes(image: GreyImage): Promise<{ format: string; text: string }[]> {
  const { prepareZXingModule, readBarcodes } = await import('zxing-wasm/reader');
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await prepareZXingModule({
    overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer },
    fireImmediately: true,
  });
  // ZXing takes any { data, width, height } as a bitmap: Node has no ImageData.
  const bitmap = { ...rgba(image), colorSpace: 'srgb' } as ImageData;
  const results = await readBarcodes(bitmap, { formats: ['Code128', 'QRCode'] });
  return results.map((result) => ({ format: result.format, text: result.text }));
}

/**
 * The image as a Y4M video (YUV4MPEG2, 4:2:0, a few identical frames) for Chromium's
 * `--use-file-for-fake-video-capture`: luma in video range, chroma neutral grey.
 */
export function y4mVideo(image: GreyImage, frames = 3): Buffer {
  const { width, height } = image;
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const luma = Buffer.from(image.pixels.map((value) => 16 + Math.round((value * 219) / 255)));
  const chroma = Buffer.alloc(2 * Math.ceil(width / 2) * Math.ceil(height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}
