import { describe, expect, it } from 'vitest';
import { chairLabel, labelSheetFileName, serialFromLabel } from './serial-label';

describe('serialFromLabel', () => {
  it('gives the serial a label holds, as typed', () => {
    expect(serialFromLabel('S30-23-00412')).toBe('S30-23-00412');
  });

  it('drops line ends, separators and surrounding spaces a scanner passes along', () => {
    expect(serialFromLabel('  S30-23-00412\r\n')).toBe('S30-23-00412');
    expect(serialFromLabel('\u001dU500-25-00120')).toBe('U500-25-00120');
    expect(serialFromLabel('\nS30-23-00412\nS30 Sigma')).toBe('S30-23-00412');
  });

  it('gives nothing for a code with no text', () => {
    expect(serialFromLabel('')).toBeNull();
    expect(serialFromLabel(' \r\n\u0004 ')).toBeNull();
  });
});

describe('chairLabel and labelSheetFileName', () => {
  it('names the model in words and the file after the chair or the count', () => {
    const label = chairLabel({ serialNumber: ' S30-23-00412 ', model: 'S30', modelName: null });
    expect(label).toEqual({ serialNumber: 'S30-23-00412', modelName: 'S30 Sigma' });
    expect(labelSheetFileName([label])).toBe('chair-label-S30-23-00412.pdf');
    expect(labelSheetFileName([label, label, label])).toBe('chair-labels-3.pdf');
  });
});
