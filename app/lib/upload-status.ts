/** Where an upload with progress stands: nothing sent, file `file` of `of` being sent, or sent and checked by the server. */
export type UploadPhase =
  | { kind: 'idle' }
  | { kind: 'sending'; file: number; of: number; percent: number | null }
  | { kind: 'processing'; file: number; of: number };

/** What the status says once a file's bytes are all sent and the server is still at work: fixed words, or words naming the file. */
export type ProcessingWords = string | ((file: number, of: number) => string);

/**
 * The status line beside the progress bar: 'Uploading… 40%' for one file, 'Uploading file 2 of 3… 40%' for
 * several (no figure while the browser cannot tell the total), then the processing words; nothing when idle.
 */
export function uploadStatus(phase: UploadPhase, processing: ProcessingWords): string {
  if (phase.kind === 'idle') return '';
  if (phase.kind === 'processing') {
    return typeof processing === 'string' ? processing : processing(phase.file, phase.of);
  }
  const which = phase.of > 1 ? ` file ${phase.file} of ${phase.of}` : '';
  return `Uploading${which}…${phase.percent === null ? '' : ` ${phase.percent}%`}`;
}

/** The bar's value: the sending file's percentage, full once it is sent, none (indeterminate) while unknown. */
export function uploadPercent(phase: UploadPhase): number | null {
  if (phase.kind === 'sending') return phase.percent;
  return phase.kind === 'processing' ? 100 : null;
}
