// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- tests act as the command line on the real services
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import type { AppLoadContext, LoaderFunctionArgs } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Action, type Asker, decide } from '#common/policy.ts';
import { ROLES } from '#common/roles.ts';
import type { SignedIn } from '#server/modules/auth/index.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page loaders run on the real services and database here
import { type TestApp, createTestApp } from '#server/test-support/test-app.ts';

// Every admin page's loader, for every asker, on the real services and database: its answer is the policy's.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Each admin page (app/routes.ts) and the action it is for: what a page does, not who may do it. A page's module is
 * its file under app/routes/admin/, or its path from app/ (admission's pages, in app/admission/office/).
 */
const PAGES: Record<string, { module: string; action: Action }> = {
  '/admin': { module: 'today', action: 'today.read' },
  '/admin/admission': { module: 'admission/office/admission', action: 'admission.edit' },
  '/admin/featured': { module: 'featured', action: 'photos.edit' },
  '/admin/gallery': { module: 'gallery', action: 'photos.edit' },
  '/admin/addnewphoto': { module: 'add-photo', action: 'photos.edit' },
  '/admin/albums': { module: 'albums', action: 'photos.edit' },
  '/admin/albums/x': { module: 'album', action: 'photos.edit' },
  '/admin/notice': { module: 'notices', action: 'notices.edit' },
  '/admin/addnewnotice': { module: 'add-notice', action: 'notices.edit' },
  '/admin/notice/x/edit': { module: 'edit-notice', action: 'notices.edit' },
  '/admin/inquiries': { module: 'inquiries', action: 'inquiries.handle' },
  '/admin/vitals': { module: 'vitals', action: 'vitals.read' },
  '/admin/content': { module: 'content', action: 'content.edit' },
  '/admin/banner': { module: 'banner', action: 'content.edit' },
  '/admin/audit': { module: 'audit', action: 'audit.read' },
  '/admin/messages': { module: 'messages', action: 'messages.manage' },
  '/admin/calendar': { module: 'calendar', action: 'calendar.edit' },
  '/admin/backups': { module: 'backups', action: 'backups.manage' },
  '/admin/import': { module: 'import', action: 'import.manage' },
  '/admin/demo': { module: 'demo', action: 'demo.remove' },
  '/admin/courses': { module: 'courses', action: 'content.edit' },
  '/admin/people': { module: 'people', action: 'content.edit' },
  '/admin/downloads': { module: 'downloads', action: 'content.edit' },
  '/admin/staff': { module: 'staff', action: 'staff.manage' },
  '/admin/account': { module: 'account', action: 'account.own' },
  '/admin/search': { module: 'search', action: 'admin.enter' },
  '/admin/seasons': { module: 'admission/office/seasons', action: 'seasons.edit' },
  '/admin/seasons/x': { module: 'admission/office/season', action: 'seasons.edit' },
  '/admin/applications': { module: 'admission/office/applications', action: 'applications.read' },
  '/admin/applications/x': { module: 'admission/office/application', action: 'applications.read' },
  '/admin/applications/x/documents/x/x': {
    module: 'admission/office/application-document',
    action: 'applications.read',
  },
  '/admin/entrance': { module: 'admission/office/entrance', action: 'entrance.manage' },
  '/admin/entrance/sessions/x': { module: 'admission/office/entrance-session', action: 'entrance.manage' },
  '/admin/entrance/sessions/x/cards': { module: 'admission/office/entrance-cards', action: 'entrance.manage' },
  '/admin/merit': { module: 'admission/office/merit', action: 'merit.manage' },
  '/admin/nothing-here': { module: 'not-found', action: 'admin.enter' },
  // The frame around every page.
  '/admin/ (layout)': { module: 'layout', action: 'admin.enter' },
};

/** A page that sends some askers elsewhere instead of answering or refusing them (none today). */
const SENT_ELSEWHERE: Record<string, { when: (asker: Asker) => boolean; to: string }> = {};

const EXPECTED = {
  'signed-out': '302 /login',
  forbidden: '403',
  'two-factor-required': '302 /admin/account#two-factor',
} as const;

/** A real account and session, so the pages that show the account's own sessions find them. */
async function signedInOwner() {
  await t.services.users.create(COMMAND_LINE_ACTOR, 'owner@test.np', 'a-long-owner-password-1', { role: 'owner' });
  const session = await t.services.auth.login('owner@test.np', 'a-long-owner-password-1', {
    address: '::1',
    userAgent: '',
  });
  if (!('userToken' in session)) throw new Error('expected a session');
  return session;
}

/** What a loader did: answered (the page's data, or its own 404), or the guard's redirect / 403. */
async function outcome(path: string, module: string, asker: Asker | null, session: SignedIn) {
  const file = module.includes('/') ? `../../${module}.tsx` : `../../routes/admin/${module}.tsx`;
  const { loader } = (await import(file)) as {
    loader: (args: LoaderFunctionArgs) => Promise<unknown>;
  };
  const { userId, email, name } = session;
  const actor = asker ? { kind: 'staff', userId, email, name, address: '::1', session, ...asker } : null;
  const context = {
    currentActor: async () => actor,
    services: t.services,
    clientIp: '::1',
  } as unknown as AppLoadContext;
  const request = new Request(`http://site.test${path.replace(' (layout)', '')}`);
  try {
    await loader({ request, context, params: { id: 'x', '*': 'nothing-here' } } as unknown as LoaderFunctionArgs);
    return 'answered';
  } catch (thrown) {
    if (thrown instanceof Response) {
      return thrown.status === 404 ? 'answered' : `${thrown.status} ${thrown.headers.get('location')}`;
    }
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status === 404) return 'answered';
    if (status) return String(status);
    throw thrown;
  }
}

describe('the policy on the admin pages', () => {
  it('every admin page loader answers owner, editor, signed out and two-factor pending as the policy table says', async () => {
    const session = await signedInOwner();
    const askers = [
      null,
      ...ROLES.flatMap((role) => [false, true].map((twoFactorPending) => ({ role, twoFactorPending }))),
    ];
    for (const [path, { module, action }] of Object.entries(PAGES)) {
      for (const asker of askers) {
        const decision = decide(asker, action);
        const elsewhere = SENT_ELSEWHERE[path];
        const expected =
          asker && elsewhere?.when(asker) ? elsewhere.to : decision === 'allowed' ? 'answered' : EXPECTED[decision];
        expect(await outcome(path, module, asker, session), `${path} as ${JSON.stringify(asker)}`).toBe(expected);
      }
    }
  });
});
