import { describe, expect, it } from 'vitest';
import { SESSION_ENDED, STORAGE_FULL } from '#common/api-error.ts';
import { ADMIN_MESSAGES } from './admin/admin-messages.ts';
import { isSessionEnded } from './admin/admin-result.ts';
import { ApiClientError, errorFromAnswer, refusedWrite, requestFailure } from './api-client.ts';

describe('errorFromAnswer', () => {
  it("passes on the server's code and message", () => {
    const err = errorFromAnswer(507, JSON.stringify({ error: STORAGE_FULL }));
    expect([err.status, err.code, err.message]).toEqual([
      507,
      'storage/full',
      'The server is out of space. Nothing was saved.',
    ]);
  });

  it('says the disk is full for a 507 without our error body, as from a proxy', () => {
    const err = errorFromAnswer(507, '<html>Insufficient Storage</html>');
    expect([err.code, err.message]).toEqual([STORAGE_FULL.code, STORAGE_FULL.message]);
  });

  it('says the session has ended for a 401 without our error body', () => {
    const err = errorFromAnswer(401, '');
    expect([err.code, err.message]).toEqual([SESSION_ENDED.code, SESSION_ENDED.message]);
  });

  it('names the status of any other answer it cannot read', () => {
    const err = errorFromAnswer(502, '<html>Bad Gateway</html>');
    expect([err.code, err.message]).toEqual(['http-502', 'The server answered 502.']);
  });
});

describe('refusedWrite', () => {
  it("titles a refusal with the specification's words and keeps the server's reason", () => {
    const result = refusedWrite(
      ADMIN_MESSAGES.imageUpload,
      new ApiClientError(415, 'image/unsupported', 'The file is not a JPEG, PNG, WebP or AVIF image.'),
    );
    expect(result).toEqual({
      ok: false,
      title: 'Error Uploading Image',
      code: 'image/unsupported',
      message: 'The file is not a JPEG, PNG, WebP or AVIF image.',
    });
  });

  it('marks an ended session, whichever write met it', () => {
    const result = refusedWrite(
      ADMIN_MESSAGES.noticeCreate,
      errorFromAnswer(401, JSON.stringify({ error: SESSION_ENDED })),
    );
    expect(isSessionEnded(result)).toBe(true);
  });

  it('words a failure of the network itself', () => {
    expect(refusedWrite(ADMIN_MESSAGES.imageUpload, requestFailure('network')).message).toMatch(/^Network error/u);
  });
});
