// Hands a file the device made to the user: the Web Share API's share sheet where the device can
// share files (tablets and phones: mail, messages, a printer app), a download otherwise.

export type ShareOutcome = 'shared' | 'downloaded' | 'cancelled';

interface ShareTarget {
  canShare?: (data: ShareData) => boolean;
  share?: (data: ShareData) => Promise<void>;
}

/** Shares `file` when the device can share files, else downloads it. */
export async function shareOrDownload(
  file: File,
  text: string,
  target: ShareTarget = globalThis.navigator,
): Promise<ShareOutcome> {
  const data: ShareData = { files: [file], title: file.name, text };
  if (target?.share && target.canShare?.(data)) {
    try {
      await target.share(data);
      return 'shared';
    } catch (error) {
      // The user closed the share sheet: nothing to do. Anything else falls back to a download.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  download(file);
  return 'downloaded';
}

/** Downloads `file` through a hidden link (a blob: URL, freed once the browser has it). */
export function download(file: File) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL can go once it has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
