// The chairs' serial labels as a PDF sheet (issue 32), drawn with pdf-lib: A4, ten labels a page
// in two columns with a thin cut line round each; a label holds a QR code and a Code 128 of the
// serial number (barcode-shapes.ts, drawn as vectors so any printer keeps them sharp) and the
// serial and model in words. Pure: labels in, the file's bytes out. Loaded on demand
// (`import('./label-sheet-pdf')`), so no route pays for pdf-lib or bwip-js until labels are made.
import {
  PDFDocument,
  PDFOperator,
  PDFOperatorNames,
  PageSizes,
  StandardFonts,
  closePath,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  type PDFPage,
} from 'pdf-lib';
import type { ChairLabel } from '../domain/serial-label';
import { barcodeShapes, type BarcodeShapes } from './barcode-shapes';
import { printable } from './service-report-pdf';

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 28;
const COLUMNS = 2;
const ROWS = 5;
export const LABELS_PER_PAGE = COLUMNS * ROWS;
const LABEL_WIDTH = (PAGE_WIDTH - 2 * MARGIN) / COLUMNS;
const LABEL_HEIGHT = (PAGE_HEIGHT - 2 * MARGIN) / ROWS;
const PADDING = 12;
const QR_SIZE = 74;
/** Code 128 needs ten modules of white either side to be read. */
const QUIET_MODULES = 10;
const CODE128_HEIGHT = 38;
const INK = rgb(0, 0, 0);
const MUTED = rgb(0.38, 0.42, 0.48);
const CUT_LINE = rgb(0.75, 0.78, 0.82);

/** Fills the shapes black, (sx, sy) points a unit, the symbol's top left at (x, top). */
function drawShapes(
  page: PDFPage,
  shapes: BarcodeShapes,
  { x, top, sx, sy = sx }: { x: number; top: number; sx: number; sy?: number },
) {
  const operators: PDFOperator[] = [pushGraphicsState(), setFillingColor(INK)];
  for (const group of shapes.groups) {
    for (const polygon of group) {
      polygon.forEach(([px, py], i) => {
        const at = [x + px * sx, top - py * sy] as const;
        operators.push(i === 0 ? moveTo(...at) : lineTo(...at));
      });
      operators.push(closePath());
    }
    // Even-odd, as bwip-js fills: a QR finder's ring is a square with a hole.
    operators.push(PDFOperator.of(PDFOperatorNames.FillEvenOdd));
  }
  operators.push(popGraphicsState());
  page.pushOperators(...operators);
}

export async function renderLabelSheetPdf(labels: readonly ChairLabel[]): Promise<Uint8Array> {
  if (labels.length === 0) throw new Error('Select at least one chair to print labels for.');
  const doc = await PDFDocument.create();
  doc.setTitle(labels.length === 1 ? `Label ${labels[0]!.serialNumber}` : 'Chair labels');
  doc.setCreator('Chairside Service');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage | null = null;
  labels.forEach((label, index) => {
    const slot = index % LABELS_PER_PAGE;
    if (slot === 0) page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    const current = page!;
    const left = MARGIN + (slot % COLUMNS) * LABEL_WIDTH;
    const top = PAGE_HEIGHT - MARGIN - Math.floor(slot / COLUMNS) * LABEL_HEIGHT;
    current.drawRectangle({
      x: left,
      y: top - LABEL_HEIGHT,
      width: LABEL_WIDTH,
      height: LABEL_HEIGHT,
      borderColor: CUT_LINE,
      borderWidth: 0.5,
      borderDashArray: [3, 3],
    });
    const inner = LABEL_WIDTH - 2 * PADDING;

    const qr = barcodeShapes('qrcode', label.serialNumber);
    drawShapes(current, qr, { x: left + PADDING, top: top - PADDING, sx: QR_SIZE / qr.width });

    // The words beside the QR code, the serial as large as fits.
    const textLeft = left + PADDING + QR_SIZE + 12;
    const textWidth = left + LABEL_WIDTH - PADDING - textLeft;
    const serial = printable(label.serialNumber);
    const serialSize = Math.min(17, (17 * textWidth) / bold.widthOfTextAtSize(serial, 17));
    current.drawText('Serial number', {
      x: textLeft,
      y: top - PADDING - 10,
      size: 8,
      font: regular,
      color: MUTED,
    });
    current.drawText(serial, {
      x: textLeft,
      y: top - PADDING - 14 - serialSize,
      size: serialSize,
      font: bold,
      color: INK,
    });
    const model = printable(label.modelName);
    current.drawText(model, {
      x: textLeft,
      y: top - PADDING - 34 - serialSize,
      size: Math.min(11, (11 * textWidth) / regular.widthOfTextAtSize(model || ' ', 11)),
      font: regular,
      color: INK,
    });
    current.drawText('Chairside Service', {
      x: textLeft,
      y: top - PADDING - QR_SIZE + 2,
      size: 7,
      font: regular,
      color: MUTED,
    });

    // The Code 128 across the label's foot, centred in its quiet zone, CODE128_HEIGHT tall.
    const bars = barcodeShapes('code128', label.serialNumber);
    const sx = Math.min(1.6, inner / (bars.width + 2 * QUIET_MODULES));
    drawShapes(current, bars, {
      x: left + (LABEL_WIDTH - bars.width * sx) / 2,
      top: top - LABEL_HEIGHT + PADDING + CODE128_HEIGHT,
      sx,
      sy: CODE128_HEIGHT / bars.height,
    });
  });
  return doc.save();
}
