import { describe, expect, it } from 'vitest';
import { headers as contactHeaders } from '../routes/contact.tsx';
import { headers as forgotPasswordHeaders } from '../routes/forgot-password.tsx';
import { headers as loginHeaders } from '../routes/login.tsx';
import { pageHeaders } from './page-headers.ts';

// React Router answers with what a route's `headers` returns (and the cookies of its action and loader): this
// is what it hands that function after a form was refused for a limit.
const refusedForALimit = {
  parentHeaders: new Headers({ 'X-Parent': 'kept' }),
  loaderHeaders: new Headers(),
  actionHeaders: new Headers({ 'Retry-After': '1800' }),
  errorHeaders: undefined,
};
const answered = (headers: unknown) =>
  new Headers((headers as (args: typeof refusedForALimit) => HeadersInit)(refusedForALimit));

describe("the public forms' headers", () => {
  it.each([
    ['the contact page', contactHeaders],
    ['the forgotten-password page', forgotPasswordHeaders],
  ])('%s sends its refusal with Retry-After and no cache', (_page, headers) => {
    const sent = answered(headers);
    expect(sent.get('Retry-After')).toBe('1800');
    expect(sent.get('Cache-Control')).toBe('private, no-store');
  });

  it("the login page sends its refusal with Retry-After and keeps its parents' headers", () => {
    const sent = answered(loginHeaders);
    expect(sent.get('Retry-After')).toBe('1800');
    expect(sent.get('X-Parent')).toBe('kept');
  });

  it('adds no Retry-After to a page that was not refused', () => {
    const sent = new Headers(
      pageHeaders({ 'Cache-Control': 'private, no-store' })({ ...refusedForALimit, actionHeaders: new Headers() }),
    );
    expect(sent.has('Retry-After')).toBe(false);
  });
});
