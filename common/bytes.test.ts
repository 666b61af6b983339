import { describe, expect, it } from 'vitest';
import { formatFileSize, formatMegabytes } from './bytes.ts';

describe('byte formatting', () => {
  it('says the configured number of MiB', () => {
    expect(formatMegabytes(15 * 1024 * 1024)).toBe('15 MB');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });

  it('says KB below a megabyte (at least 1) and MB from one megabyte on', () => {
    expect(formatFileSize(10)).toBe('1 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe('2.4 MB');
  });
});
