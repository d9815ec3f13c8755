import { describe, expect, it } from 'vitest';
import { chairImportTemplate } from '../../../domain/chair-import';
import { defaultConfiguration } from '../../../domain/chair-models';
import { MAX_IMPORT_ROWS, readChairFile } from './read-chair-file';

const HEADER = chairImportTemplate().headers.join(',');
const existing = new Set(['s30-existing']);

async function read(lines: readonly string[], eol = '\n', chunkSize?: number) {
  const file = await readChairFile(lines.join(eol), existing, undefined, chunkSize);
  if (!file.ok) throw new Error(file.error);
  return file;
}
const problemsOf = async (lines: readonly string[]) =>
  (await read(lines)).rows.map((r) => [r.row, r.problems]);

describe('readChairFile', () => {
  it('reads the template example as one valid chair with its full configuration', async () => {
    const { headers, example } = chairImportTemplate();
    const file = await read([headers.join(','), example.join(',')]);
    expect(file.rows).toHaveLength(1);
    expect(file.rows[0]?.problems).toEqual([]);
    expect(file.rows[0]?.chair).toEqual({
      serialNumber: 'S30-26-00001',
      model: 'S30',
      // The template's example: the S30 with its first options.
      configuration: defaultConfiguration('S30'),
    });
  });

  it("says 'Serial number is required' and 'Model is required' in the dialog's words", async () => {
    expect(await problemsOf(['Serial Number,Model', ',S30', 'A1,', ','])).toEqual([
      [2, ['Serial number is required']],
      [3, ['Model is required']],
    ]);
  });

  it('names a model that is not in the catalogue, and accepts codes and names in any case', async () => {
    const file = await read(['Serial Number,Model', 'A1,X9', 'A2,s30', 'A3,U500 ambidextrous']);
    expect(file.rows.map((r) => r.problems)).toEqual([
      ['Model must be S30 (S30 Sigma) or U500 (U500 Ambidextrous)'],
      [],
      [],
    ]);
    expect(file.rows.map((r) => r.chair?.model)).toEqual([undefined, 'S30', 'U500']);
  });

  it("refuses a serial already in the inventory, without case: 'Serial number already exists'", async () => {
    expect(await problemsOf(['Serial Number,Model', 'S30-EXISTING,S30'])).toEqual([
      [2, ['Serial number already exists']],
    ]);
  });

  it('refuses a serial repeated in the file, naming the row that had it first', async () => {
    expect(await problemsOf(['Serial Number,Model', 'A1,S30', 'B1,S30', 'a1,U500'])).toEqual([
      [2, []],
      [3, []],
      [4, ['Serial number appears more than once in this file (first on row 2)']],
    ]);
  });

  it('finds a repeat across chunks of a large file', async () => {
    const lines = ['Serial Number,Model', ...Array.from({ length: 300 }, (_, i) => `C${i},S30`)];
    const file = await read([...lines, 'C7,S30'], '\n', 256);
    expect(file.rows).toHaveLength(301);
    expect(file.rows.at(-1)?.problems).toEqual([
      'Serial number appears more than once in this file (first on row 9)',
    ]);
  });

  it('checks each configuration cell against the model and the upholstery type', async () => {
    const file = await read([
      'Serial,Model,Delivery System,Lighting,Upholstery Type,Upholstery Color',
      'A1,U500,Mobile Cart,,Sewn,S16',
      'A2,S30,mobile cart,v5 3000-5500k,sewn,',
      'A3,S30,,,Formed,S3',
      'A4,S30,,,Leather,',
    ]);
    expect(file.rows.map((r) => r.problems)).toEqual([
      ['Delivery System must be one of Hanging Delivery for U500 Ambidextrous'],
      [],
      [
        'Upholstery Colour must be one of H1, H2, H3, H4, H5, H6, H7, H8, H9, H10, H11, H12, H13, H14 for Formed upholstery',
      ],
      ['Upholstery Type must be one of Formed, Sewn for S30 Sigma'],
    ]);
    // Matched to the catalogue's spelling; a blank colour takes the type's first.
    expect(file.rows[1]?.chair?.configuration).toMatchObject({
      deliverySystem: 'Mobile Cart',
      lighting: 'V5 3000-5500K',
      upholsteryType: 'Sewn',
      upholsteryColor: 'S1',
    });
  });

  it('reads a byte order mark, CRLF lines, quoted commas and blank lines', async () => {
    const file = await read(
      ['\uFEFFSerial Number,Model,Foot Control', '"A,1",S30,"Wireless Pedal"', '', '  ', 'A2,S30,'],
      '\r\n',
    );
    expect(file.rows.map((r) => [r.row, r.serialNumber, r.problems])).toEqual([
      [2, 'A,1', []],
      [5, 'A2', []],
    ]);
    expect(file.rows[0]?.chair?.configuration?.footControl).toBe('Wireless Pedal');
  });

  it('reads back a formula-guarded serial as it was exported, and lists the columns it ignores', async () => {
    const file = await read(['Serial Number,Model,Status,Owner', "'-A1,S30 Sigma,In Stock,"]);
    expect(file.rows[0]?.chair?.serialNumber).toBe('-A1');
    expect(file.ignored).toEqual(['Status', 'Owner']);
  });

  it('names the missing columns of a wrong header', async () => {
    const file = await readChairFile('Serial,Colour\nA1,red\n', existing);
    expect(file).toEqual({
      ok: false,
      error: expect.stringContaining("The file is missing the column 'Model'."),
    });
    const none = await readChairFile('Name,Qty\nA1,2\n', existing);
    expect(none).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^The file is missing the columns 'Serial Number' and 'Model'\. Its first row must name the columns, as in the template: Serial Number, Model, Delivery System/,
      ),
    });
  });

  it('refuses an empty file, a header without rows, and a file over the limit', async () => {
    expect(await readChairFile('', existing)).toEqual({
      ok: false,
      error: 'The file is empty. Start from the template.',
    });
    expect(await readChairFile(`${HEADER}\r\n\r\n`, existing)).toEqual({
      ok: false,
      error: 'The file has no chairs under its header row.',
    });
    const big = [
      'Serial Number,Model',
      ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `Z${i},S30`),
    ];
    expect(await readChairFile(big.join('\n'), existing)).toEqual({
      ok: false,
      error: 'The file has more than 10,000 rows. Split it into smaller files.',
    });
  });
});
