// @vitest-environment node
// The serial label sheet read back as a reader and a scanner would: the words on each label, ten
// labels an A4 page, and barcodes (the shapes the sheet draws) that ZXing reads as the serial.
import { describe, expect, it } from 'vitest';
import { drawShapes, readCodes, whiteFrame } from '../testing/barcode-raster';
import { readPdf } from '../testing/pdf';
import { barcodeShapes } from './barcode-shapes';
import { LABELS_PER_PAGE, renderLabelSheetPdf } from './label-sheet-pdf';

const label = (n: number) => ({
  serialNumber: `S30-23-${String(n).padStart(5, '0')}`,
  modelName: 'S30 Sigma',
});

describe('renderLabelSheetPdf', () => {
  it('prints one chair on one A4 page with its serial and model in words', async () => {
    const pdf = await readPdf(await renderLabelSheetPdf([label(412)]));
    expect(pdf.pageSizes).toEqual([{ width: 595.28, height: 841.89 }]);
    expect(pdf.text).toContain('S30-23-00412');
    expect(pdf.text).toContain('S30 Sigma');
    expect(pdf.title).toBe('Label S30-23-00412');
  });

  it('puts ten labels on a page and the eleventh on the next', async () => {
    const labels = Array.from({ length: LABELS_PER_PAGE + 1 }, (_, i) => label(i + 1));
    const pdf = await readPdf(await renderLabelSheetPdf(labels));
    expect(LABELS_PER_PAGE).toBe(10);
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.pages[0]).toContain('S30-23-00010');
    expect(pdf.pages[0]).not.toContain('S30-23-00011');
    expect(pdf.pages[1]).toContain('S30-23-00011');
  });

  it('refuses an empty selection', async () => {
    await expect(renderLabelSheetPdf([])).rejects.toThrow(
      'Select at least one chair to print labels for.',
    );
  });
});

describe('barcodeShapes', () => {
  it.each(['S30-23-00412', 'U500-25-00120'])(
    'draws a Code 128 and a QR code that ZXing reads back as %s',
    async (serial) => {
      const frame = whiteFrame(640, 480);
      drawShapes(frame, barcodeShapes('code128', serial), { left: 40, top: 40, scale: 3 });
      drawShapes(frame, barcodeShapes('qrcode', serial), { left: 240, top: 200, scale: 5 });
      const codes = await readCodes(frame);
      expect(codes.sort((a, b) => a.format.localeCompare(b.format))).toEqual([
        { format: 'Code128', text: serial },
        { format: 'QRCode', text: serial },
      ]);
    },
  );
});
