/**
 * Import Chairs (issue 32): a delivery's chairs from a spreadsheet instead of one Add Chair
 * dialog each. The file is read as a stream (`readChairFile`) and every row checked in the dialog's
 * words; the preview lists the rows with problems first, a page at a time. Import queues one
 * `chair.add` per valid row through `useAction` (the dialog's own path: applied to the mirror and
 * put in the outbox, so it works offline and the server applies each once), a hundred rows to a
 * transaction, with progress; the summary says how many were imported and keeps the skipped rows'
 * problems on screen and as a file to fix and import again.
 */
import { Alert, Button, HStack, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuDownload, LuFileUp } from 'react-icons/lu';
import { DialogFrame } from '../../../components/dialog-frame';
import { useAction } from '../../../data/use-action';
import {
  chairImportTemplate,
  skippedRowsTable,
  type CheckedChairRow,
} from '../../../domain/chair-import';
import { countOf } from '../../../domain/format';
import type { AddChairsDialogProps } from './add-chair-dialog';
import { ImportRowsTable } from './import-rows-table';
import { readChairFile } from './read-chair-file';

type Stage =
  | { step: 'choose'; error: string | null }
  | { step: 'reading'; name: string; rowsRead: number }
  | { step: 'preview'; name: string; rows: CheckedChairRow[]; ignored: readonly string[] }
  | { step: 'importing'; done: number; total: number }
  | { step: 'summary'; imported: number; skipped: CheckedChairRow[] };

const CHOOSE: Stage = { step: 'choose', error: null };

/** 'Imported 195 chairs; 5 rows skipped'. */
export function importSummary(imported: number, skipped: number): string {
  const chairs = `Imported ${countOf(imported, 'chair')}`;
  return skipped > 0 ? `${chairs}; ${countOf(skipped, 'row')} skipped` : chairs;
}

async function downloadTable(table: readonly (readonly string[])[], name: string) {
  const [{ writeCsvTable }, { download }] = await Promise.all([
    import('../../../files/csv'),
    import('../../../files/share-file'),
  ]);
  download(new File([writeCsvTable(table)], name, { type: 'text/csv;charset=utf-8' }));
}

export function ImportChairsDialog({ open, onClose, existingSerials }: AddChairsDialogProps) {
  const { attemptEach } = useAction();
  const [stage, setStage] = useState<Stage>(CHOOSE);
  const input = useRef<HTMLInputElement>(null);
  const busy = stage.step === 'reading' || stage.step === 'importing';

  const close = () => {
    if (busy) return; // a file half read or half imported finishes first
    setStage(CHOOSE);
    onClose();
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setStage({ step: 'reading', name: file.name, rowsRead: 0 });
    const read = await readChairFile(file, existingSerials, (rowsRead) =>
      setStage({ step: 'reading', name: file.name, rowsRead }),
    );
    setStage(
      read.ok
        ? { step: 'preview', name: file.name, rows: read.rows, ignored: read.ignored }
        : { step: 'choose', error: read.error },
    );
  };

  const importRows = async (rows: readonly CheckedChairRow[]) => {
    const valid = rows.flatMap((row) => (row.chair ? [{ row, chair: row.chair }] : []));
    const skipped = rows.filter((row) => row.chair === null);
    setStage({ step: 'importing', done: 0, total: valid.length });
    const refusals = await attemptEach(
      'chair.add',
      valid.map(({ chair }) => ({ id: crypto.randomUUID(), ...chair })),
      {
        failure: 'Failed to add chair to inventory',
        onProgress: (done) => setStage({ step: 'importing', done, total: valid.length }),
      },
    );
    refusals.forEach((refusal, i) => {
      const row = valid[i]?.row;
      if (refusal && row) skipped.push({ ...row, problems: [refusal], chair: null });
    });
    skipped.sort((a, b) => a.row - b.row);
    setStage({
      step: 'summary',
      imported: refusals.filter((refusal) => refusal === null).length,
      skipped,
    });
  };

  const template = chairImportTemplate();
  const footer =
    stage.step === 'preview' ? (
      <HStack gap="3" wrap="wrap" justify="flex-end">
        <Button variant="outline" onClick={() => setStage(CHOOSE)}>
          Choose Another File
        </Button>
        <Button
          colorPalette="brand"
          disabled={!stage.rows.some((row) => row.chair)}
          onClick={() => void importRows(stage.rows)}
        >
          Import {countOf(stage.rows.filter((row) => row.chair).length, 'Chair')}
        </Button>
      </HStack>
    ) : stage.step === 'summary' ? (
      <Button colorPalette="brand" onClick={close}>
        Done
      </Button>
    ) : null;

  return (
    <DialogFrame title="Import Chairs from CSV" open={open} onClose={close} footer={footer}>
      <Stack gap="4">
        {stage.step === 'choose' ? (
          <>
            <Text>
              Add a delivery&apos;s chairs from a spreadsheet saved as CSV. The first row names the
              columns: <strong>Serial Number</strong> and <strong>Model</strong> (S30 or U500) are
              required; the configuration columns are optional, and a blank one takes the
              model&apos;s first option, as in Add to Inventory.
            </Text>
            {stage.error ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Description>{stage.error}</Alert.Description>
              </Alert.Root>
            ) : null}
            <HStack gap="3" wrap="wrap">
              <Button colorPalette="brand" onClick={() => input.current?.click()}>
                <LuFileUp aria-hidden /> Choose CSV File
              </Button>
              <Button
                variant="outline"
                onClick={() =>
                  void downloadTable([template.headers, template.example], 'chairs-template.csv')
                }
              >
                <LuDownload aria-hidden /> Download Template
              </Button>
            </HStack>
            <Input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              display="none"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                void choose(file);
              }}
            />
          </>
        ) : null}
        {stage.step === 'reading' ? (
          <Progressing
            label={`Reading ${stage.name}…`}
            detail={`${countOf(stage.rowsRead, 'row')} read`}
          />
        ) : null}
        {stage.step === 'preview' ? <Preview stage={stage} /> : null}
        {stage.step === 'importing' ? (
          <Progressing
            label="Importing chairs…"
            detail={`${stage.done} of ${stage.total}`}
            value={stage.total ? (100 * stage.done) / stage.total : 0}
          />
        ) : null}
        {stage.step === 'summary' ? <Summary stage={stage} /> : null}
      </Stack>
    </DialogFrame>
  );
}

function Progressing({ label, detail, value }: { label: string; detail: string; value?: number }) {
  return (
    <Progress.Root value={value ?? null} colorPalette="brand" aria-label={label}>
      <HStack justify="space-between" mb="1">
        <Progress.Label>{label}</Progress.Label>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {detail}
        </Text>
      </HStack>
      <Progress.Track rounded="full">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

function Preview({ stage }: { stage: Extract<Stage, { step: 'preview' }> }) {
  const problems = stage.rows.filter((row) => row.problems.length > 0);
  const ready = stage.rows.length - problems.length;
  return (
    <Stack gap="3">
      <Text fontWeight="semibold" role="status">
        {stage.name}: {countOf(stage.rows.length, 'row')}, {ready} ready to import,{' '}
        {countOf(problems.length, 'row')} with problems
      </Text>
      {problems.length > 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Rows with problems are listed first and will be skipped. Fix them in the spreadsheet and
          import them again later, or go on with the rest.
        </Text>
      ) : null}
      {stage.ignored.length > 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Columns not imported: {stage.ignored.join(', ')}
        </Text>
      ) : null}
      <ImportRowsTable rows={[...problems, ...stage.rows.filter((row) => !row.problems.length)]} />
    </Stack>
  );
}

function Summary({ stage }: { stage: Extract<Stage, { step: 'summary' }> }) {
  return (
    <Stack gap="3">
      <Alert.Root status={stage.skipped.length ? 'warning' : 'success'} role="status">
        <Alert.Indicator />
        <Alert.Title>{importSummary(stage.imported, stage.skipped.length)}</Alert.Title>
      </Alert.Root>
      {stage.imported > 0 ? (
        <Text fontSize="sm" color="fg.muted">
          The chairs are in the inventory now and reach the server with the next sync (at once when
          online).
        </Text>
      ) : null}
      {stage.skipped.length > 0 ? (
        <>
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontWeight="semibold">Skipped rows</Text>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void downloadTable(skippedRowsTable(stage.skipped), 'chairs-skipped-rows.csv')
              }
            >
              <LuDownload aria-hidden /> Download Skipped Rows
            </Button>
          </HStack>
          <ImportRowsTable rows={stage.skipped} />
        </>
      ) : null}
    </Stack>
  );
}
