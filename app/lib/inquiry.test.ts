import { describe, expect, it } from 'vitest';
import { API_ERRORS, DATABASE_BUSY, DATABASE_DAMAGED, STORAGE_FULL } from '#common/api-error.ts';
import { en } from '#common/i18n/en.ts';
import { ne } from '#common/i18n/ne.ts';
import {
  INQUIRY_FORM_EXPIRED,
  INQUIRY_FORM_INVALID,
  INQUIRY_FORM_USED,
  INQUIRY_TOO_FAST,
  INQUIRY_TOO_MANY,
} from '#common/inquiry.ts';
import { isClientError, refusalMessage } from './inquiry.ts';

// The shapes the page action receives from the services: AppError's statusCode, code, message, headers.
const serviceError = (statusCode: number, code: string, message: string) => ({
  statusCode,
  code,
  message,
  headers: {},
});

describe('isClientError: what the contact page shows with the form instead of an error page', () => {
  it('shows a refusal (4xx) with its message', () => {
    expect(isClientError(serviceError(429, 'inquiry/too-many-requests', 'Please try again later.'))).toBe(true);
    expect(isClientError(serviceError(400, 'validation', 'Please enter your first name.'))).toBe(true);
  });

  it('shows the busy database (503) with its message, since nothing was saved and the form can be sent again', () => {
    const busy = { ...serviceError(503, DATABASE_BUSY.code, DATABASE_BUSY.message), headers: { 'retry-after': '3' } };
    expect(isClientError(busy)).toBe(true);
  });

  it('shows the full disk (507) with its message: nothing was saved and the form is kept', () => {
    expect(isClientError(serviceError(507, STORAGE_FULL.code, STORAGE_FULL.message))).toBe(true);
  });

  it('leaves any other server failure to the error page, whose message may not be shown', () => {
    expect(isClientError(serviceError(500, 'internal', 'Something went wrong on our side.'))).toBe(false);
    expect(isClientError(serviceError(503, 'draining', 'The server is stopping.'))).toBe(false);
    expect(isClientError(new Error('SQLITE_IOERR: disk I/O error'))).toBe(false);
  });
});

describe('refusalMessage: the refusals the contact page can show, in its language', () => {
  const refusals = [
    INQUIRY_TOO_FAST,
    INQUIRY_FORM_EXPIRED,
    INQUIRY_FORM_INVALID,
    INQUIRY_FORM_USED,
    INQUIRY_TOO_MANY,
    DATABASE_BUSY,
    STORAGE_FULL,
    DATABASE_DAMAGED,
    { code: 'validation', message: API_ERRORS.validation.message },
    { code: 'payload-too-large', message: API_ERRORS['payload-too-large'].message },
  ];

  it('shows every one in Nepali on a Nepali page, with no English word', () => {
    for (const { code, message } of refusals) {
      const shown = refusalMessage(code, message, 'ne');
      expect(shown, code).toMatch(/[\u0900-\u097F]/u);
      expect(shown, code).not.toMatch(/[A-Za-z]/u);
    }
    expect(refusalMessage(DATABASE_BUSY.code, DATABASE_BUSY.message, 'ne')).toBe(ne.formMessages.databaseBusy);
    expect(refusalMessage(STORAGE_FULL.code, STORAGE_FULL.message, 'ne')).toBe(ne.formMessages.outOfSpace);
    expect(refusalMessage(DATABASE_DAMAGED.code, DATABASE_DAMAGED.message, 'ne')).toBe(ne.formMessages.databaseDamaged);
    expect(refusalMessage('validation', 'Invalid inquiry.', 'ne')).toBe(ne.formMessages.notSent);
  });

  it("shows the service's own words on an English page", () => {
    for (const { code, message } of refusals) expect(refusalMessage(code, message, 'en'), code).toBe(message);
    expect(en.formMessages.databaseBusy).toBe(DATABASE_BUSY.message);
    expect(en.formMessages.outOfSpace).toBe(STORAGE_FULL.message);
    expect(en.formMessages.databaseDamaged).toBe(DATABASE_DAMAGED.message);
  });
});
