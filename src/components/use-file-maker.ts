/**
 * The one way a button makes a file on the device and hands it over (the service report, the
 * label sheet, a list's CSV): `const { busy, make } = useFileMaker(FAILED)`, then
 * `make(async () => handedOver(title, file, await shareOrDownload(file, summary)))`. While it
 * runs `busy` spins the button; what `produce` returns is the success toast (none when the user
 * cancelled the share sheet); a failure is an error toast with the screen's `failed` words as its
 * title and the error's message beneath.
 */
import { useState } from 'react';
import { toaster } from './toaster';

export interface FileToast {
  title: string;
  description: string;
}

/** The success toast for `file` shared or downloaded; none when the share was cancelled. */
export function handedOver(
  title: string,
  file: File,
  outcome: 'shared' | 'downloaded' | 'cancelled',
): FileToast | null {
  if (outcome === 'cancelled') return null;
  return { title, description: `${file.name} ${outcome}` };
}

export function useFileMaker(failed: string) {
  const [busy, setBusy] = useState(false);
  const make = async (produce: () => Promise<FileToast | null>) => {
    setBusy(true);
    try {
      const done = await produce();
      if (done) toaster.create({ type: 'success', ...done });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: failed,
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };
  return { busy, make };
}
