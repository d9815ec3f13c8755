/**
 * The one way to print chairs' serial labels (issue 32), in the admin's inventory: for one chair
 * or a selection, the sheet is drawn on the device (src/files/label-sheet-pdf.ts: pdf-lib and
 * bwip-js, loaded only now, so it works offline) and handed to the share sheet where the device
 * can share files, downloaded otherwise, like the service report (ServiceReportButton).
 */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { LuPrinter } from 'react-icons/lu';
import { labelSheetFileName, type ChairLabel } from '../domain/serial-label';
import { handedOver, useFileMaker } from './use-file-maker';

export const LABELS_FAILED = 'Failed to create the labels';

export function LabelSheetButton({
  labels,
  label,
  name,
  size = 'sm',
  variant = 'outline',
  colorPalette,
}: {
  labels: readonly ChairLabel[];
  /** The button's words ('Print Label', 'Print 3 Labels'). */
  label: string;
  /** Its accessible name where a list has several ('Print label for S30-23-00412'). */
  name?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  colorPalette?: ButtonProps['colorPalette'];
}) {
  const { busy, make } = useFileMaker(LABELS_FAILED);

  const makeSheet = () =>
    make(async () => {
      const [{ renderLabelSheetPdf }, { shareOrDownload }] = await Promise.all([
        import('../files/label-sheet-pdf'),
        import('../files/share-file'),
      ]);
      const bytes = await renderLabelSheetPdf(labels);
      const file = new File([bytes as BlobPart], labelSheetFileName(labels), {
        type: 'application/pdf',
      });
      const what = labels.length === 1 ? 'Serial label' : `${labels.length} serial labels`;
      const title = labels.length === 1 ? 'Label ready' : 'Labels ready';
      return handedOver(title, file, await shareOrDownload(file, what));
    });

  return (
    <Button
      size={size}
      variant={variant}
      colorPalette={colorPalette}
      loading={busy}
      aria-label={name}
      disabled={labels.length === 0}
      onClick={() => void makeSheet()}
    >
      <LuPrinter aria-hidden /> {label}
    </Button>
  );
}
