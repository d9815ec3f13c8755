/**
 * 'Export CSV' (issue 32): the one export of every admin and vendor list. SearchableList renders
 * it with a getter of the rows its search and filters match, every one (not only the page
 * shown), and it writes them with the list's columns (`writeCsv`, src/files/csv.ts: readable names, ISO
 * dates, formula-guarded cells) to `<name>-yyyy-mm-dd.csv`. papaparse loads only on the first
 * export.
 *
 * The button is off only until the list's first read; after that it stays on while the list
 * searches again (a sync's write, a key typed). A click meanwhile spins the button and waits for
 * that search (`settledRows`): the file holds what the list shows once it is over, never the rows
 * before it, and the click is not lost the way a button turned off for a moment loses it.
 */
import { Button } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { countOf } from '../domain/format';
import type { CsvColumn } from '../files/csv';
import { handedOver, useFileMaker } from './use-file-maker';

export type { CsvColumn } from '../files/csv';

/** What a list exports: its file name's start ('chairs') and its columns. */
export interface CsvExport<T> {
  name: string;
  columns: readonly CsvColumn<T>[];
}

export const EXPORT_FAILED = 'Failed to export CSV';

export function ExportCsvButton<T>({
  settledRows,
  csv,
  disabled = false,
}: {
  /**
   * The rows to write: what the list shows after its search and filters, once the search
   * running at the click (if any) is over.
   */
  settledRows: () => Promise<readonly T[]>;
  csv: CsvExport<T>;
  /** Until the list's first read: no rows are known yet. */
  disabled?: boolean;
}) {
  const { busy, make } = useFileMaker(EXPORT_FAILED);

  const exportRows = () =>
    make(async () => {
      const [rows, { writeCsv, csvFileName }, { download }] = await Promise.all([
        settledRows(),
        import('../files/csv'),
        import('../files/share-file'),
      ]);
      const name = csvFileName(csv.name, new Date());
      const file = new File([writeCsv(rows, csv.columns)], name, {
        type: 'text/csv;charset=utf-8',
      });
      download(file);
      return handedOver(`Exported ${countOf(rows.length, 'row')}`, file, 'downloaded');
    });

  return (
    <Button
      size="lg"
      variant="outline"
      loading={busy}
      disabled={disabled}
      onClick={() => void exportRows()}
    >
      <LuDownload aria-hidden /> Export CSV
    </Button>
  );
}
