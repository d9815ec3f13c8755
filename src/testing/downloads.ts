// Captures the files the app hands to the browser to download (CSV exports, templates): jsdom
// has no object URLs and cannot follow a download link, so both are stubbed for the test.
import { vi } from 'vitest';

/** Starts capturing; the returned array fills with each downloaded file. Undo with vi.restoreAllMocks. */
export function captureDownloads(): File[] {
  const files: File[] = [];
  URL.createObjectURL = vi.fn((file: Blob) => {
    files.push(file as File);
    return 'blob:test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return files;
}

/** A downloaded CSV's lines (UTF-8 text without its byte order mark), the empty last line dropped. */
export async function csvLines(file: File | undefined): Promise<string[]> {
  if (!file) throw new Error('No file was downloaded');
  return (await file.text()).split('\r\n').filter((line) => line !== '');
}
