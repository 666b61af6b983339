import { describe, expect, it } from 'vitest';
import { uploadPercent, uploadStatus } from './upload-status.ts';

const checking = (file: number, of: number) => (of > 1 ? `Checking file ${file} of ${of}…` : 'Checking the file…');

describe('uploadStatus', () => {
  it('says nothing while no upload runs', () => {
    expect(uploadStatus({ kind: 'idle' }, 'Checking the PDF…')).toBe('');
  });

  it('names the file only when there are several', () => {
    expect(uploadStatus({ kind: 'sending', file: 1, of: 1, percent: 40 }, 'x')).toBe('Uploading… 40%');
    expect(uploadStatus({ kind: 'sending', file: 2, of: 3, percent: 0 }, 'x')).toBe('Uploading file 2 of 3… 0%');
  });

  it('gives no figure while the browser cannot tell the total', () => {
    expect(uploadStatus({ kind: 'sending', file: 1, of: 1, percent: null }, 'x')).toBe('Uploading…');
    expect(uploadStatus({ kind: 'sending', file: 3, of: 3, percent: null }, 'x')).toBe('Uploading file 3 of 3…');
  });

  it('says what the server does once a file is sent, in fixed words or words naming the file', () => {
    expect(uploadStatus({ kind: 'processing', file: 1, of: 1 }, 'Checking the PDF…')).toBe('Checking the PDF…');
    expect(uploadStatus({ kind: 'processing', file: 2, of: 3 }, checking)).toBe('Checking file 2 of 3…');
    expect(uploadStatus({ kind: 'processing', file: 1, of: 1 }, checking)).toBe('Checking the file…');
  });
});

describe('uploadPercent', () => {
  it('follows the sending file, is full once it is sent, and unknown otherwise', () => {
    expect(uploadPercent({ kind: 'sending', file: 1, of: 2, percent: 55 })).toBe(55);
    expect(uploadPercent({ kind: 'sending', file: 1, of: 2, percent: null })).toBeNull();
    expect(uploadPercent({ kind: 'processing', file: 2, of: 2 })).toBe(100);
    expect(uploadPercent({ kind: 'idle' })).toBeNull();
  });
});
