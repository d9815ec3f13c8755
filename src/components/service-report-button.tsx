/**
 * The one way to get a signed service report (issue 20), on the engineer's ticket and
 * installation pages, the customer's Service History and the admin's lists: the screen passes how
 * to load the report (useServiceReportLoader in src/data, from the mirror, so it works offline);
 * the PDF is drawn on the device (pdf-lib, loaded only now) and handed to the share sheet where
 * the device can share files, downloaded otherwise.
 */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { LuFileText } from 'react-icons/lu';
import {
  serviceReportFileName,
  serviceReportSummary,
  type ServiceReport,
} from '../domain/service-report';
import { handedOver, useFileMaker } from './use-file-maker';

export const REPORT_FAILED = 'Failed to create the service report';

export function ServiceReportButton({
  load,
  label = 'Service Report',
  name,
  size = 'sm',
  variant = 'outline',
}: {
  load: () => Promise<ServiceReport | null>;
  /** The button's words. */
  label?: string;
  /** Its accessible name where a list has several (e.g. 'Service Report #1a2b3c4d'). */
  name?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const { busy, make } = useFileMaker(REPORT_FAILED);

  const makeReport = () =>
    make(async () => {
      const report = await load();
      if (!report) throw new Error('The report is made once the work is resolved or completed.');
      const [{ renderServiceReportPdf }, { shareOrDownload }] = await Promise.all([
        import('../files/service-report-pdf'),
        import('../files/share-file'),
      ]);
      const bytes = await renderServiceReportPdf(report);
      const file = new File([bytes as BlobPart], serviceReportFileName(report), {
        type: 'application/pdf',
      });
      const outcome = await shareOrDownload(file, serviceReportSummary(report));
      return handedOver('Service report ready', file, outcome);
    });

  return (
    <Button
      size={size}
      variant={variant}
      loading={busy}
      aria-label={name}
      onClick={() => void makeReport()}
    >
      <LuFileText aria-hidden /> {label}
    </Button>
  );
}
