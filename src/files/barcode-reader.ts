// Reads Code 128 and QR codes from camera frames (issue 32), offline. The browser's own
// BarcodeDetector where it reads both kinds; otherwise the `barcode-detector` polyfill, ZXing in
// WebAssembly, whose .wasm is bundled with the app (Vite's `?url`) and precached by the service
// worker (vite.config.ts globPatterns), never fetched from the CDN the library defaults to.
// Loaded only when a scan starts (`import('./barcode-reader')`): the entry chunk does not grow.
import { BarcodeDetector as ZXingDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

const FORMATS = ['code_128', 'qr_code'] as const;

/** Which decoder reads the frames: said by the e2e test and useful when a device misreads. */
export type ReaderEngine = 'native' | 'zxing';

export interface LabelReader {
  engine: ReaderEngine;
  /** The text of the first code in the frame, or null when it holds none. */
  read: (frame: HTMLVideoElement) => Promise<string | null>;
}

interface Detector {
  detect: (frame: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats: () => Promise<readonly string[]>;
}

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!FORMATS.every((format) => supported.includes(format))) return null;
    return new Native({ formats: [...FORMATS] });
  } catch {
    return null;
  }
}

let zxingReady: Promise<unknown> | null = null;

/** The ZXing module, instantiated once from the bundled .wasm. */
function prepareZXing(): Promise<unknown> {
  zxingReady ??= prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? zxingWasmUrl : prefix + path,
    },
    fireImmediately: true,
  }).catch((error: unknown) => {
    zxingReady = null;
    throw error;
  });
  return zxingReady;
}

/** A reader for camera frames; rejects when no decoder can be loaded. */
export async function openLabelReader(): Promise<LabelReader> {
  const native = await nativeDetector();
  const engine: ReaderEngine = native ? 'native' : 'zxing';
  let detector = native;
  if (!detector) {
    await prepareZXing();
    detector = new ZXingDetector({ formats: [...FORMATS] });
  }
  const ready = detector;
  return {
    engine,
    read: async (frame) => {
      const codes = await ready.detect(frame);
      return codes.find((code) => code.rawValue.trim() !== '')?.rawValue ?? null;
    },
  };
}
