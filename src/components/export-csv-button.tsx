/**
 * 'Export CSV' (issue 32): the one export of every admin and vendor list. SearchableList renders
 * it with the rows its search and filters match, every one (not only the page shown), and it
 * writes them with the list's columns (`writeCsv`, src/lib/csv.ts: readable names, ISO dates,
 * formula-guarded cells) to `<name>-yyyy-mm-dd.csv`. papaparse loads only on the first export.
 */
import { Button } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { countOf } from '../domain/format';
import type { CsvColumn } from '../lib/csv';
import { handedOver, useFileMaker } from './use-file-maker';

export type { CsvColumn } from '../lib/csv';

/** What a list exports: its file name's start ('chairs') and its columns. */
export interface CsvExport<T> {
  name: string;
  columns: readonly CsvColumn<T>[];
}

export const EXPORT_FAILED = 'Failed to export CSV';

export function ExportCsvButton<T>({
  rows,
  csv,
  disabled = false,
}: {
  /** The rows to write: what the list shows after its search and filters. */
  rows: readonly T[];
  csv: CsvExport<T>;
  /** While the list is still being read or searched. */
  disabled?: boolean;
}) {
  const { busy, make } = useFileMaker(EXPORT_FAILED);

  const exportRows = () =>
    make(async () => {
      const [{ writeCsv, csvFileName }, { download }] = await Promise.all([
        import('../lib/csv'),
        import('../lib/share-file'),
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
