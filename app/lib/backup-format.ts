/** A size as the office reads it: '850 KB', '12.4 MB', '3.1 GB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** Why the retention rule keeps a backup: 'Daily, weekly'. */
export const keptAsLabel = (keptAs: readonly string[]): string =>
  keptAs.length === 0
    ? 'Removed at the next backup'
    : keptAs.map((k, i) => (i === 0 ? k[0]!.toUpperCase() + k.slice(1) : k)).join(', ');
