import { describe, expect, it } from 'vitest';
import { STORAGE_FULL } from '#common/api-error.ts';
import { uploadErrorFrom } from './upload.ts';

describe('uploadErrorFrom', () => {
  it("passes on the server's code and message", () => {
    const err = uploadErrorFrom(507, JSON.stringify({ error: STORAGE_FULL }));
    expect([err.status, err.code, err.message]).toEqual([
      507,
      'storage/full',
      'The server is out of space. Nothing was saved.',
    ]);
  });

  it('says the disk is full for a 507 without our error body, as from a proxy', () => {
    const err = uploadErrorFrom(507, '<html>Insufficient Storage</html>');
    expect([err.code, err.message]).toEqual([STORAGE_FULL.code, STORAGE_FULL.message]);
  });

  it('names the status of any other answer it cannot read', () => {
    const err = uploadErrorFrom(502, '<html>Bad Gateway</html>');
    expect([err.code, err.message]).toEqual(['http-502', 'The server answered 502.']);
  });
});
