import { describe, expect, it } from 'vitest';
import { originForm } from './fetch-bridge.ts';
import { mediaTypeOf, pageRequestRefusal } from './page-gate.ts';

// The rules alone. The same rules in front of the built pages (and React Router behind them) are
// tested in tests/ops/page-routes.test.ts, which runs after the pages are built.

const FORM = 'application/x-www-form-urlencoded';
const refusal = (method: string, contentType?: string, url = '/contact') =>
  pageRequestRefusal({ method, url, headers: contentType === undefined ? {} : { 'content-type': contentType } });

describe('pageRequestRefusal', () => {
  it.each(['GET', 'HEAD'])('lets a %s through whatever it declares', (method) => {
    expect(refusal(method)).toBeNull();
    expect(refusal(method, 'application/json')).toBeNull();
  });

  it.each([
    FORM,
    `${FORM}; charset=UTF-8`,
    'Application/X-WWW-Form-Urlencoded',
    'multipart/form-data; boundary=----x',
    ' multipart/form-data ;boundary=x',
  ])('lets a form posted as %j through', (contentType) => {
    expect(refusal('POST', contentType)).toBeNull();
  });

  it.each([undefined, '', 'application/json', 'text/plain', 'text/plain; charset=utf-8', ';;', 'multipart/mixed'])(
    'refuses a post declared as %j with 415, naming what a page takes',
    (contentType) => {
      const err = refusal('POST', contentType);
      expect(err?.statusCode).toBe(415);
      expect(err?.headers['accept-post']).toBe(`${FORM}, multipart/form-data`);
      expect(err?.message).toContain('application/x-www-form-urlencoded or multipart/form-data');
    },
  );

  it.each(['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY', 'PROPFIND'])(
    'refuses %s with 405 and Allow: GET, HEAD, POST, even with a form body',
    (method) => {
      const err = refusal(method, FORM);
      expect(err?.statusCode).toBe(405);
      expect(err?.headers.allow).toBe('GET, HEAD, POST');
    },
  );

  it('refuses an address that names no page with 400, and reads the absolute form as its path', () => {
    expect(refusal('GET', undefined, '*')?.statusCode).toBe(400);
    expect(refusal('GET', undefined, 'http://orbit.example/contact')).toBeNull();
  });
});

describe('mediaTypeOf', () => {
  it.each<[string | undefined, string]>([
    [undefined, ''],
    ['Multipart/Form-Data; boundary=AbC', 'multipart/form-data'],
    ['  text/plain  ', 'text/plain'],
  ])('%j -> %j', (header, expected) => {
    expect(mediaTypeOf(header)).toBe(expected);
  });
});

describe('originForm', () => {
  it.each<[string, string | null]>([
    ['/admin/notice?page=2', '/admin/notice?page=2'],
    ['//admin', '//admin'],
    ['http://orbit.example/admin/notice?page=2', '/admin/notice?page=2'],
    ['https://orbit.example', '/'],
    ['*', null],
    ['ftp://orbit.example/admin', null],
    ['admin', null],
  ])('%j -> %j', (target, expected) => {
    expect(originForm(target)).toBe(expected);
  });
});
