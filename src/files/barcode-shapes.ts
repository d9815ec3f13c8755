// A barcode as shapes to fill (issue 32): bwip-js encodes the text and draws it through this
// module's drawing context, which keeps the bars and modules as polygons instead of pixels, so a
// PDF label draws them as vectors (sharp at any printer's resolution) and a test can rasterise
// them. Pure: text in, shapes out; nothing here touches the DOM or the network.
import { code128, qrcode, type DrawingContext } from 'bwip-js/generic';

export type BarcodeKind = 'code128' | 'qrcode';

/** A closed polygon of [x, y] points, y pointing down, in the symbol's own units. */
export type Polygon = Array<[number, number]>;

export interface BarcodeShapes {
  /** The symbol's size in its own units (no quiet zone: the layout leaves it). */
  width: number;
  height: number;
  /** Each group is filled with the even-odd rule (a QR finder's ring is a square with a hole). */
  groups: Polygon[][];
}

/** The drawing context bwip-js renders into: every stroke and region becomes polygons. */
function shapeCollector(): DrawingContext<BarcodeShapes> {
  let width = 0;
  let height = 0;
  const groups: Polygon[][] = [];
  let open: Polygon[] = [];
  return {
    scale: () => null,
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init(w, h) {
      width = w;
      height = h;
    },
    // A linear symbol's bar: a vertical stroke `lw` wide centred on x (bwip-js's own rasteriser
    // puts the larger half on the left).
    line(x0, y0, x1, y1, lw) {
      const w = Math.round(lw) || 1;
      const [top, bottom] = y0 < y1 ? [y0, y1] : [y1, y0];
      const [left, right] = x0 < x1 ? [x0, x1] : [x1, x0];
      const rect: Polygon =
        left === right
          ? [
              [left - w + Math.floor(w / 2), top],
              [left + Math.floor(w / 2), top],
              [left + Math.floor(w / 2), bottom],
              [left - w + Math.floor(w / 2), bottom],
            ]
          : [
              [left, top - Math.floor(w / 2)],
              [right, top - Math.floor(w / 2)],
              [right, top + w - Math.floor(w / 2)],
              [left, top + w - Math.floor(w / 2)],
            ];
      groups.push([rect]);
    },
    polygon(points) {
      open.push(points.map(([x, y]) => [x, y] as [number, number]));
    },
    hexagon(points) {
      open.push(points.map(([x, y]) => [x, y] as [number, number]));
    },
    ellipse() {
      throw new Error('barcode-shapes: round modules are not used by Code 128 or QR');
    },
    fill() {
      if (open.length > 0) groups.push(open);
      open = [];
    },
    text() {},
    end: () => ({ width, height, groups }),
  };
}

/** The shapes of `text` encoded as Code 128 (one module per unit) or QR (two units a module). */
export function barcodeShapes(kind: BarcodeKind, text: string): BarcodeShapes {
  const options = { bcid: kind, text, scale: 1 };
  return kind === 'code128'
    ? code128({ ...options, height: 10 }, shapeCollector())
    : qrcode(options, shapeCollector());
}
