import { describe, expect, it } from 'vitest';
import { formatBytes, keptAsLabel } from './backup-format.ts';

describe('backup sizes and reasons', () => {
  it('writes sizes in KB below 1 MB, MB below 1 GB, then GB', () => {
    expect(formatBytes(0)).toBe('1 KB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1024 KB');
    expect(formatBytes(1024 * 1024)).toBe('1.0 MB');
    expect(formatBytes(1024 ** 3 - 1)).toBe('1024.0 MB');
    expect(formatBytes(3.14 * 1024 ** 3)).toBe('3.1 GB');
  });

  it('names why a backup is kept, or that it goes next time', () => {
    expect(keptAsLabel(['daily', 'weekly', 'monthly'])).toBe('Daily, weekly, monthly');
    expect(keptAsLabel([])).toBe('Removed at the next backup');
  });
});
