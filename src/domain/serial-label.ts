// A chair's serial label (issue 32): what its barcodes hold and what is printed beside them, the
// sheet's file name, and how a code read by the camera becomes the serial a user would have typed.
// Pure. The label's Code 128 and QR both hold the serial number alone, so either one read gives
// the same text; the model is printed as words, for people.
import type { Chair } from './entities';
import { chairModelName } from './labels';

export interface ChairLabel {
  serialNumber: string;
  /** The model as words ('S30 Sigma'). */
  modelName: string;
}

export function chairLabel(chair: Pick<Chair, 'serialNumber' | 'model' | 'modelName'>): ChairLabel {
  return { serialNumber: chair.serialNumber.trim(), modelName: chairModelName(chair) };
}

/** 'chair-label-S30-23-00412.pdf' for one chair, 'chair-labels-12.pdf' for a selection. */
export function labelSheetFileName(labels: readonly ChairLabel[]): string {
  if (labels.length === 1) {
    const serial = labels[0]!.serialNumber.replace(/[^0-9A-Za-z_-]+/g, '_');
    return `chair-label-${serial}.pdf`;
  }
  return `chair-labels-${labels.length}.pdf`;
}

/**
 * The serial a code read from a label names: its first line, trimmed, without control characters
 * (a scanner may pass a GS1 separator or a line end along); null when nothing is left. Anything
 * else is left as it is: the field then checks it the way it checks what was typed.
 */
export function serialFromLabel(raw: string): string | null {
  for (const line of raw.split(/[\r\n]+/)) {
    // eslint-disable-next-line no-control-regex
    const serial = line.replace(/[\u0000-\u001f\u007f]/g, '').trim();
    if (serial) return serial;
  }
  return null;
}
