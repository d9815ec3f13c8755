import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFileName, readCsv, writeCsv, type CsvChunk } from './csv';

interface Row {
  name: string;
  qty: number | null;
  note?: string | null;
}
const columns = [
  { header: 'Name', value: (r: Row) => r.name },
  { header: 'Qty', value: (r: Row) => r.qty },
  { header: 'Note', value: (r: Row) => r.note },
];

/** What a spreadsheet reads back from the text. */
const readBack = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, '')).data;

describe('writeCsv', () => {
  it('writes the headers, then one line per row, CRLF, with a byte order mark for Excel', () => {
    const text = writeCsv([{ name: 'Seat', qty: 2, note: null }], columns);
    expect(text).toBe('\uFEFFName,Qty,Note\r\nSeat,2,\r\n');
  });

  it('quotes commas, quotes, and line breaks so they stay in their cell', () => {
    const rows = [{ name: 'Seat, left', qty: 1, note: 'said "hi"\nthen left' }];
    const text = writeCsv(rows, columns);
    expect(text).toContain('"Seat, left"');
    expect(text).toContain('"said ""hi""\nthen left"');
    expect(readBack(text)[1]).toEqual(['Seat, left', '1', 'said "hi"\nthen left']);
  });

  it('prefixes a quote to cells a spreadsheet would run as formulas', () => {
    const rows = ['=HYPERLINK("http://x")', '+1+2', '-3+4', '@SUM(A1)', '\tTab', 'safe=1'].map(
      (name) => ({ name, qty: -5 }),
    );
    const back = readBack(writeCsv(rows, columns)).slice(1, 7);
    expect(back.map((r) => r[0])).toEqual([
      `'=HYPERLINK("http://x")`,
      "'+1+2",
      "'-3+4",
      "'@SUM(A1)",
      "'\tTab",
      'safe=1',
    ]);
    // A number is a number: a negative quantity is not text.
    expect(back.every((r) => r[1] === '-5')).toBe(true);
  });

  it('guards the headers too, and writes missing values as empty cells', () => {
    const text = writeCsv(
      [{ name: 'x', qty: null }],
      [{ header: '=cmd', value: (r: Row) => r.qty }],
    );
    expect(readBack(text)).toEqual([["'=cmd"], [''], ['']]);
  });
});

describe('csvFileName', () => {
  it('names the file after the list and the day', () => {
    expect(csvFileName('chairs', new Date(2026, 10, 27, 23, 59))).toBe('chairs-2026-11-27.csv');
    expect(csvFileName('service-requests', new Date(2026, 0, 5))).toBe(
      'service-requests-2026-01-05.csv',
    );
  });
});

describe('readCsv', () => {
  const read = async (text: string, chunkSize?: number, maxRecords?: number) => {
    const chunks: CsvChunk[] = [];
    const result = await readCsv(text, (chunk) => chunks.push(chunk), { chunkSize, maxRecords });
    return { result, chunks, records: chunks.flatMap((c) => c.records) };
  };

  it('reads in chunks, numbering rows as a spreadsheet does and leaving out blank lines', async () => {
    const lines = ['Serial Number,Model', 'A1,S30', '', 'A2,U500', ' , ', 'A3,S30', ''];
    const { result, chunks, records } = await read(lines.join('\r\n'), 24);
    expect(chunks.length).toBeGreaterThan(1);
    expect(result.fields).toEqual(['Serial Number', 'Model']);
    expect(records.map((r) => [r.row, r.values['Serial Number']])).toEqual([
      [2, 'A1'],
      [4, 'A2'],
      [6, 'A3'],
    ]);
  });

  it('drops the byte order mark and trims header names', async () => {
    const { result, records } = await read('\uFEFF Serial Number ;Model\nA1;S30\n');
    expect(result.fields).toEqual(['Serial Number', 'Model']);
    expect(records[0]?.values).toEqual({ 'Serial Number': 'A1', Model: 'S30' });
  });

  it('stops after maxRecords and says the file was cut', async () => {
    const text = ['S', ...Array.from({ length: 30 }, (_, i) => `r${i}`)].join('\n');
    const { result, records } = await read(text, 16, 10);
    expect(result.truncated).toBe(true);
    expect(records).toHaveLength(10);
  });
});
