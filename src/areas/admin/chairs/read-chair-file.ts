/**
 * A chairs spreadsheet read for the import dialog: streamed through `readCsv` (src/files/csv.ts) a
 * chunk at a time, its header checked once, each chunk's rows checked against the inventory
 * (`checkChairRows`, src/domain/chair-import.ts) as they come, with progress after each chunk.
 */
import {
  checkChairRows,
  missingColumnsMessage,
  readChairImportHeader,
  type CheckedChairRow,
} from '../../../domain/chair-import';
import { readCsv } from '../../../files/csv';

/** More rows than a delivery ever holds; past it the file is refused rather than half read. */
export const MAX_IMPORT_ROWS = 10_000;

export type ChairFile =
  { ok: false; error: string } | { ok: true; rows: CheckedChairRow[]; ignored: readonly string[] };

export async function readChairFile(
  input: File | string,
  existingSerials: ReadonlySet<string>,
  onProgress: (rowsRead: number) => void = () => {},
  chunkSize?: number,
): Promise<ChairFile> {
  const rows: CheckedChairRow[] = [];
  const seen = new Map<string, number>();
  let header: ReturnType<typeof readChairImportHeader> | null = null;
  let result;
  try {
    result = await readCsv(
      input,
      (chunk) => {
        header ??= readChairImportHeader(chunk.fields);
        if (header.missing.length > 0) return;
        rows.push(...checkChairRows(chunk.records, header, existingSerials, seen));
        onProgress(rows.length);
      },
      { chunkSize, maxRecords: MAX_IMPORT_ROWS },
    );
  } catch {
    return {
      ok: false,
      error: 'The file could not be read. Choose a CSV file saved from a spreadsheet.',
    };
  }
  header ??= readChairImportHeader(result.fields);
  if (result.fields.length === 0) {
    return { ok: false, error: 'The file is empty. Start from the template.' };
  }
  if (header.missing.length > 0) return { ok: false, error: missingColumnsMessage(header.missing) };
  if (result.truncated) {
    return {
      ok: false,
      error: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows. Split it into smaller files.`,
    };
  }
  if (rows.length === 0)
    return { ok: false, error: 'The file has no chairs under its header row.' };
  return { ok: true, rows, ignored: header.ignored };
}
