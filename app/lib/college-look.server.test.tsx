import { renderToStaticMarkup } from 'react-dom/server';
import { type ActionFunctionArgs, createRoutesStub } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The test starts the real app for the writes' load context; the pages themselves reach it only through that context.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { buildImage } from '#server/test-support/factories.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { pageContext } from '#server/test-support/page-context.ts';
import { Layout, loader as rootLoader } from '../root.tsx';
import { adminAction } from './admin/admin-action.server.ts';
import { CONTENT_WRITES } from './admin/admin-content-writes.server.ts';
import { collegeFormValues } from './college-form.ts';

// The College page's colours and logo as a browser posts them (with or without JavaScript), on the real app
// and database, and the document every page is drawn in, rendered with what was stored.
let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
}, 60_000);
afterAll(() => t?.close());

async function post(fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const request = new Request('http://site.test/admin/content', { method: 'POST', body });
  const result = await adminAction(
    { request, context: pageContext(t.app.services), params: {} } as ActionFunctionArgs,
    CONTENT_WRITES.content,
  );
  return { status: result.init?.status ?? 200, body: result.data };
}

/** The college form as stored, with `changes` typed over it. */
async function collegeForm(changes: Record<string, string>) {
  const { version, updatedAt: _u, ...college } = await t.app.services.content.get('college');
  return { intent: 'save', ...collegeFormValues(college, version), ...changes };
}

/**
 * The root document as React Router renders it for a page (in its framework context, which the document's
 * <Meta> and <Links> read), with the root loader's answer on the real services.
 */
async function renderDocument(): Promise<string> {
  const context = pageContext(t.app.services);
  const root = await rootLoader({ context } as Parameters<typeof rootLoader>[0]);
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => root,
      Component: () => (
        <Layout>
          <p>page</p>
        </Layout>
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={['/']} hydrationData={{ loaderData: { root } }} />);
}

describe('the colours on the College page', () => {
  it('draws every page in the colours of a site that never chose them', async () => {
    const html = await renderDocument();
    expect(html).toContain('--brand:#0b3d91');
    expect(html).toContain('--accent:#f5a623');
    expect(html).toContain('<meta name="theme-color" content="#0b3d91"/>');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
  });

  it('refuses a main colour without contrast beside its control, keeps what was typed, and stores nothing', async () => {
    const before = await t.app.services.content.get('college');
    const res = await post(await collegeForm({ 'colours.main': '#f5d442', 'motto.en': 'Typed motto' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      ok: false,
      fieldErrors: {
        'colours.main': 'The main colour #f5d442 has a contrast of 1.4:1 with white text; it needs at least 4.5:1.',
      },
      values: { 'colours.main': '#f5d442', 'motto.en': 'Typed motto' },
    });
    const after = await t.app.services.content.get('college');
    expect(after.version).toBe(before.version);
    expect(after.colours.main).toBe('#0b3d91');
  });

  it('saves colours that pass, and the next page is drawn in them with its darker shade', async () => {
    const res = await post(await collegeForm({ 'colours.main': '#00695C', 'colours.accent': '#ffd54f' }));
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const html = await renderDocument();
    expect(html).toContain('--brand:#00695c');
    expect(html).toContain('--brand-dark:#004a40');
    expect(html).toContain('--admin-brand:#00695c');
    expect(html).toContain('--accent:#ffd54f');
    expect(html).toContain('<meta name="theme-color" content="#00695c"/>');
  });
});

describe('the logo on the College page', () => {
  it('refuses a form without a file, naming the field', async () => {
    const res = await post({ intent: 'logo', form: 'logo' });
    expect(res.body).toMatchObject({ ok: false, fieldErrors: { file: 'Please select the logo: a PNG or SVG file.' } });
  });

  it('refuses a file that is not an image with the service words, and stores nothing', async () => {
    const res = await post({ intent: 'logo', form: 'logo', file: new File(['not an image'], 'logo.png') });
    expect(res).toMatchObject({
      status: 415,
      body: {
        ok: false,
        message: 'The logo must be a PNG or SVG image; this file is neither.',
        values: { form: 'logo' },
      },
    });
    expect((await t.app.services.content.get('college')).logo).toBeNull();
  });

  it('stores an uploaded PNG, and the favicon link then names the icon drawn from it', async () => {
    const png = await buildImage({ width: 300, height: 100, format: 'png' });
    const res = await post({ intent: 'logo', form: 'logo', file: new File([new Uint8Array(png)], 'logo.png') });
    expect(res).toMatchObject({ status: 200, body: { ok: true, form: 'logo' } });
    expect((await t.app.services.content.get('college')).logo).toMatchObject({ width: 300, height: 100 });
    const html = await renderDocument();
    expect(html).toContain('<link rel="icon" href="/favicon.png" sizes="32x32" type="image/png"/>');
    expect(html).not.toContain('favicon.svg');

    expect(await post({ intent: 'logo-remove', id: 'logo' })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await t.app.services.content.get('college')).logo).toBeNull();
  });
});
