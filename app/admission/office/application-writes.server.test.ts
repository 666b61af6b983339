import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { type ApplicationFixture, seedApplications } from '#server/test-support/applications.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { pageContext, testStaffActor } from '#server/test-support/page-context.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { type TestApp, createTestApp } from '#server/test-support/test-app.ts';
import { loader as listLoader } from './applications.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { changeApplicationState, changeSelectedStates } from './application-writes.server.ts';

// The applications pages' writes and list loader, posted as forms (no JavaScript) on the real services.
let t: TestApp;
let f: ApplicationFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await seedApplications(t.db, t.storage, { count: 10, withFiles: 0 });
});
afterAll(() => t.close());

const office = () => pageContext(t.services, testStaffActor('admissions'));
function post(body: URLSearchParams, params: Record<string, string> = {}): ActionFunctionArgs {
  const request = new Request('http://site.test/admin/applications', { method: 'POST', body });
  return { request, context: office(), params } as unknown as ActionFunctionArgs;
}
const answer = async (result: ReturnType<typeof adminAction>) => {
  const { data, init } = await result;
  return { status: init?.status ?? 200, body: data };
};

describe('the applications pages without JavaScript', () => {
  it('moves a selection and says which were refused and why, by reference', async () => {
    const form = new URLSearchParams({ intent: 'bulk', to: 'documents-verified', message: '' });
    // 0: submitted (moves); 9: rejected (refused).
    form.append('ids', f.applications[0]!.id);
    form.append('ids', f.applications[9]!.id);
    const { status, body } = await answer(adminAction(post(form), { bulk: changeSelectedStates }));
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      message:
        "1 moved to 'Documents verified'. 1 refused. ORB-2084-0010: This move is not allowed from the current state.",
    });
  });

  it("refuses a correction without a message and keeps the page's values", async () => {
    const id = f.applications[1]!.id;
    const form = new URLSearchParams({ intent: 'state', to: 'needs-correction', message: '' });
    const { status, body } = await answer(adminAction(post(form, { id }), { state: changeApplicationState(id) }));
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false, message: 'Write what the applicant should correct.' });
  });

  it('names a filter the server refuses, keeps it in the form and shows the list unfiltered', async () => {
    const request = new Request('http://site.test/admin/applications?from=2084-02-32&q=sita');
    const data = (await listLoader({ request, context: office(), params: {} } as unknown as LoaderFunctionArgs)) as {
      problem: string;
      typed: Record<string, string>;
      page: { total: number };
    };
    expect(data.problem).toBe('32 Jestha 2084 B.S. has no such day: Jestha 2084 has 31 days.');
    expect(data.typed).toMatchObject({ from: '2084-02-32', q: 'sita' });
    expect(data.page.total).toBe(10);
  });
});
