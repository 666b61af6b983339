/** A backup, a check or a restore that could not be done, in words the office can act on. */
export class BackupError extends Error {
  override name = 'BackupError';
}
