import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplicationValues } from '#common/admission/application-form.test-values.ts';
import { FORM_TOKEN_FIELD } from '#common/inquiry.ts';
import { fileField } from '#app/admission/components/application-form.tsx';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page's action runs on the real services and database here
import { VISITOR } from '#server/test-support/actors.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page's action runs on the real services and database here
import { ManualClock } from '#server/test-support/manual-clock.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page's action runs on the real services and database here
import { pageContext } from '#server/test-support/page-context.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page's action runs on the real services and database here
import { applyRequest, createIntakeTestApp } from '#server/modules/admission/applications/application-intake.test-app.ts';
import { action, loader } from './apply.tsx';

// The application form posted without JavaScript, as React Router answers it: the action, then the page's loader
// in the same request with the same load context. 6 Ashadh 2084 B.S. (20 Jun 2027): the season is open.
const clock = new ManualClock('2027-06-20T06:00:00Z');
let t: Awaited<ReturnType<typeof createIntakeTestApp>>;
beforeAll(async () => {
  t = await createIntakeTestApp(clock);
}, 60_000);
afterAll(() => t.close());

let symbol = 2013100;
/** One post of the form and the page's loader after it, as one request: what each answered. */
async function postThenLoad(overrides: Record<string, string> = {}) {
  // The intake tests' request (a form token aged as a person fills the form, the documents), posted as the page's form.
  const sent = await applyRequest(t.app, clock, {
    values: buildApplicationValues(t.management.id, { symbol_number: String(++symbol), ...overrides }),
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(sent.values)) form.set(name, value);
  for (const file of sent.files) form.append(fileField(file.kind), new File([new Uint8Array(file.body)], file.name));
  form.set(FORM_TOKEN_FIELD, sent.formToken);
  const request = new Request('http://site.test/admission/apply', { method: 'POST', body: form });
  const context = { ...pageContext(t.app.services, null), visitor: VISITOR, siteUrl: 'http://site.test' };
  const actionData = await action({ request, context, params: {} } as unknown as ActionFunctionArgs);
  const loaderData = await loader({
    request: new Request('http://site.test/admission/apply'),
    context,
    params: {},
  } as unknown as LoaderFunctionArgs);
  return { actionData, loaderData, answered: context.actionAnswered };
}

const applications = async () =>
  Number((await t.db.selectFrom('applications').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('the application form posted without JavaScript', () => {
  it('accepted: the page is the confirmation alone, and its loader issues no new form nor token', async () => {
    const before = await applications();
    const { actionData, loaderData, answered } = await postThenLoad();
    expect(actionData).toMatchObject({ confirmation: { reference: expect.stringMatching(/^ORB-2084-\d{4}$/u) } });
    expect(await applications()).toBe(before + 1);
    expect(answered).toBe(true);
    expect(loaderData).toEqual({ open: false, answered: true });
  });

  it('refused: the form is shown again, with the season and a form token', async () => {
    const before = await applications();
    const { actionData, loaderData, answered } = await postThenLoad({ guardian_mobile: '056 520123' });
    expect(actionData).toMatchObject({ data: { refused: { fieldErrors: { guardian_mobile: expect.any(String) } } } });
    expect(await applications()).toBe(before);
    expect(answered).toBe(false);
    expect(loaderData).toMatchObject({ open: true, view: { season: { name: '2084/85' } }, formToken: expect.any(String) });
  });
});
