import { describe, expect, it } from 'vitest';
import { API_ERRORS, SESSION_ENDED, STORAGE_FULL, apiErrorMessage, isApiErrorCode, refusalOf } from './api-error.ts';

/** The shape of the server's AppError, without importing server code. */
const serviceError = (statusCode: number, code: string, message: string, headers?: Record<string, string>) =>
  Object.assign(new Error(message), { statusCode, code, headers });

describe('the API error vocabulary', () => {
  it('says a session has ended in the words the admin reads', () => {
    expect(SESSION_ENDED).toEqual({
      code: 'auth/unauthenticated',
      message: 'Your session has ended. Sign in again to continue.',
    });
    expect(API_ERRORS['auth/unauthenticated'].status).toBe(401);
  });

  it("keeps the specification's words for a missing image", () => {
    expect(apiErrorMessage('image/missing')).toBe('Please select a image.');
  });

  it('falls back to the words of the status class where a code is worded beside its rule', () => {
    expect(API_ERRORS['image/too-large'].message).toBeNull();
    expect(apiErrorMessage('image/too-large')).toBe(API_ERRORS.validation.message);
  });

  it('knows its own codes and no others', () => {
    expect(isApiErrorCode('storage/full')).toBe(true);
    expect(isApiErrorCode('auth/made-up')).toBe(false);
    expect(isApiErrorCode('toString')).toBe(false);
  });
});

describe('refusalOf', () => {
  it('passes on a client error with its status, code, words and headers', () => {
    const err = serviceError(429, 'inquiry/too-many-requests', 'Later, please.', { 'retry-after': '60' });
    expect(refusalOf(err)).toEqual({
      status: 429,
      code: 'inquiry/too-many-requests',
      message: 'Later, please.',
      headers: { 'retry-after': '60' },
    });
  });

  it('passes on a full disk, whose words promise that nothing was saved', () => {
    expect(refusalOf(serviceError(507, STORAGE_FULL.code, STORAGE_FULL.message))?.status).toBe(507);
  });

  it('keeps any other server fault and any unshaped error for the log', () => {
    expect(refusalOf(serviceError(500, 'internal', 'secret detail'))).toBeNull();
    expect(refusalOf(new Error('SQLITE_CORRUPT'))).toBeNull();
    expect(refusalOf('a string')).toBeNull();
  });
});
