/**
 * CSV in and out (issue 32), the one place the app touches papaparse:
 *
 * - `writeCsv(rows, columns)`: a list as a spreadsheet reads it, headers first, every cell text.
 *   A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 *   leading apostrophe (OWASP's CSV injection advice); a UTF-8 byte order mark lets Excel read
 *   accents; lines end in CRLF (RFC 4180).
 * - `readCsv(input, onRows)`: a file read as a stream in chunks, each handed over with the
 *   spreadsheet row number of its records (the header is row 1; a blank line is a row too, as in a
 *   spreadsheet, and is left out), the parser pausing a task between chunks so a large file never
 *   holds the page. No worker: papaparse's worker loads its own script by URL, which a bundled
 *   app under a strict CSP does not have; a chunk of records is a few milliseconds of work.
 */
import Papa from 'papaparse';
import { guardCell } from '../domain/csv-cells';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

const BOM = '\uFEFF';

/** The rows as CSV text: the columns' headers, then one line per row. */
export function writeCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const text = Papa.unparse(
    {
      fields: columns.map((column) => guardCell(column.header)),
      data: rows.map((row) => columns.map((column) => guardCell(column.value(row)))),
    },
    { newline: '\r\n', quotes: false, escapeFormulae: false },
  );
  return `${BOM}${text}\r\n`;
}

/** A CSV download's file name: `chairs-2026-11-27.csv`, the date the device's own. */
export function csvFileName(name: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${name}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Records of a CSV file as objects keyed by its header's names. */
export type CsvRecord = Record<string, string | undefined>;

export interface CsvChunk {
  /** The header's column names, trimmed, in the file's order. */
  fields: readonly string[];
  /** The chunk's records that hold any text, each with its spreadsheet row number. */
  records: readonly { row: number; values: CsvRecord }[];
}

export interface ReadCsvOptions {
  /** Bytes (characters for a string) parsed at a time. */
  chunkSize?: number;
  /** Stop after this many records that hold text; `readCsv` resolves `truncated` if more follow. */
  maxRecords?: number;
}

export interface ReadCsvResult {
  fields: readonly string[];
  /** Records read, blank lines included. */
  records: number;
  truncated: boolean;
}

const isBlank = (values: CsvRecord) =>
  Object.values(values).every((value) => value === undefined || value.trim() === '');

/**
 * Parses `input` (a File, or its text) as CSV with a header row, in chunks: `onChunk` gets each
 * chunk's non-blank records. Resolves when the file is read (or `maxRecords` were), rejects when
 * the file cannot be read.
 */
export function readCsv(
  input: File | string,
  onChunk: (chunk: CsvChunk) => void,
  { chunkSize = 64 * 1024, maxRecords = Number.POSITIVE_INFINITY }: ReadCsvOptions = {},
): Promise<ReadCsvResult> {
  const start =
    typeof input === 'string' ? Promise.resolve(input.slice(0, 4096)) : firstBytes(input);
  return start.then((head) => parse(input, delimiterOf(head), onChunk, chunkSize, maxRecords));
}

/** The file's opening, to find its delimiter; unreadable gives '' (the parse says why). */
function firstBytes(file: File): Promise<string> {
  return file
    .slice(0, 4096)
    .text()
    .catch(() => '');
}

/**
 * The delimiter of the header line: the one of , ; tab | it holds most (outside quotes). A
 * spreadsheet saved in a locale with decimal commas writes semicolons.
 */
export function delimiterOf(head: string): string {
  const line = (head.split(/\r?\n/)[0] ?? '').replace(/"[^"]*"/g, '');
  let best = ',';
  let most = 0;
  for (const candidate of [',', ';', '\t', '|']) {
    const count = line.split(candidate).length - 1;
    if (count > most) {
      best = candidate;
      most = count;
    }
  }
  return best;
}

function parse(
  input: File | string,
  delimiter: string,
  onChunk: (chunk: CsvChunk) => void,
  chunkSize: number,
  maxRecords: number,
): Promise<ReadCsvResult> {
  return new Promise((resolve, reject) => {
    let records = 0;
    let kept = 0;
    let fields: readonly string[] = [];
    let truncated = false;
    let failed = false;
    Papa.parse<CsvRecord>(input as File, {
      header: true,
      skipEmptyLines: false,
      chunkSize,
      delimiter,
      transformHeader: (header) => header.replace(/^\uFEFF/, '').trim(),
      chunk(results, parser) {
        fields = (results.meta.fields ?? []).filter((field) => field !== '');
        const chunk: { row: number; values: CsvRecord }[] = [];
        for (const values of results.data) {
          records += 1;
          if (isBlank(values)) continue;
          if (kept >= maxRecords) {
            truncated = true;
            break;
          }
          kept += 1;
          // The header is the spreadsheet's row 1.
          chunk.push({ row: records + 1, values });
        }
        onChunk({ fields, records: chunk });
        if (truncated) {
          parser.abort();
          return;
        }
        // Let the page paint and answer input before the next chunk.
        parser.pause();
        setTimeout(() => parser.resume(), 0);
      },
      complete() {
        if (!failed) resolve({ fields, records, truncated });
      },
      error(error: Error) {
        failed = true;
        reject(error);
      },
    });
  });
}

/** A table (its first row the headers) as CSV text, as `writeCsv` writes a list. */
export function writeCsvTable(table: readonly (readonly string[])[]): string {
  const [headers = [], ...rows] = table;
  return writeCsv(
    rows,
    headers.map((header, i) => ({ header, value: (row: readonly string[]) => row[i] })),
  );
}
