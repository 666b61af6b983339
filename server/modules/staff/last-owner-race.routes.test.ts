import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminTestApp,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  SAME_ORIGIN,
  createAdminTestApp,
} from '#server/test-support/admin-session.ts';
import { testDatabaseServer } from '#server/test-support/test-database.ts';

const engine = testDatabaseServer() ? 'PostgreSQL' : 'SQLite';
const DEPUTY = 'deputy@test.np';
const DEPUTY_PASSWORD = 'the deputy principal passphrase';
/** Each race is run a few times: without serialisation, one run alone might happen not to interleave. */
const ROUNDS = 3;

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
}, 120_000);
afterAll(() => t.close());

interface Owner {
  id: string;
  cookie: string;
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await t.anonymous({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const session = res.cookies.find((c) => c.name === 'orbit_session');
  if (res.statusCode !== 200 || !session) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return `orbit_session=${session.value}`;
}

const idOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** The starting point of every race: exactly two owners who can sign in, each with a session of their own when asked. */
async function twoActiveOwners({ withSessions = true } = {}): Promise<[Owner, Owner]> {
  for (const [email, password] of [
    [ADMIN_EMAIL, ADMIN_PASSWORD],
    [DEPUTY, DEPUTY_PASSWORD],
  ] as const) {
    if (!(await t.app.services.users.exists(email)))
      await t.app.services.users.create(COMMAND_LINE_ACTOR, email, password);
  }
  await t.db.updateTable('users').set({ role: 'owner', disabled_at: null }).execute();
  const session = (email: string, password: string) => (withSessions ? signIn(email, password) : Promise.resolve(''));
  return [
    { id: await idOf(ADMIN_EMAIL), cookie: await session(ADMIN_EMAIL, ADMIN_PASSWORD) },
    { id: await idOf(DEPUTY), cookie: await session(DEPUTY, DEPUTY_PASSWORD) },
  ];
}

const as = (owner: Owner, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...SAME_ORIGIN, cookie: owner.cookie } });

type Change = (by: Owner, of: Owner) => InjectOptions;
const demote: Change = (_by, of) => ({
  method: 'PUT',
  url: `/api/admin/staff/${of.id}/role`,
  payload: { role: 'editor' },
});
const disable: Change = (_by, of) => ({
  method: 'PUT',
  url: `/api/admin/staff/${of.id}/disabled`,
  payload: { disabled: true },
});
const remove: Change = (_by, of) => ({ method: 'DELETE', url: `/api/admin/staff/${of.id}` });

const activeOwners = () =>
  t.db.selectFrom('users').select('email').where('role', '=', 'owner').where('disabled_at', 'is', null).execute();

const auditCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

type ServiceChange = (id: string) => Promise<void>;
const staff = () => t.app.services.staff;
const demoteIn: ServiceChange = (id) => staff().setRole(COMMAND_LINE_ACTOR, id, 'editor');
const disableIn: ServiceChange = (id) => staff().setDisabled(COMMAND_LINE_ACTOR, id, true);
const removeIn: ServiceChange = (id) => staff().remove(COMMAND_LINE_ACTOR, id);

describe(`two owners changing each other at the same moment on ${engine}`, () => {
  it.each([
    ['each demotes the other', demoteIn, demoteIn],
    ['each disables the other', disableIn, disableIn],
    ['each deletes the other', removeIn, removeIn],
    ['one demotes while the other disables', demoteIn, disableIn],
  ])(
    '%s: exactly one change is made, the other is refused as the last owner, one owner remains',
    async (_name, first, second) => {
      for (let round = 0; round < ROUNDS; round++) {
        const [a, b] = await twoActiveOwners({ withSessions: false });
        const auditBefore = await auditCount();
        const outcomes = await Promise.allSettled([first(b.id), second(a.id)]);
        expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
        const refused = outcomes.find((o) => o.status === 'rejected')!;
        expect(refused.reason).toMatchObject({ statusCode: 409, code: 'staff/last-owner' });
        expect(await activeOwners()).toHaveLength(1);
        // The change that was made is recorded once; the refused one left nothing.
        expect(await auditCount()).toBe(auditBefore + 1);
      }
    },
    60_000,
  );

  it.each([
    ['demote', demote],
    ['disable', disable],
    ['delete', remove],
  ])(
    'through the API (%s): one request succeeds, the other is refused, and an owner who can sign in remains',
    async (_name, change) => {
      const [a, b] = await twoActiveOwners();
      const answers = await Promise.all([as(a, change(a, b)), as(b, change(b, a))]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(
        statuses.filter((s) => s === 204),
        answers.map((r) => r.body).join(' | '),
      ).toHaveLength(1);
      // The loser is refused as the last owner, or, when the winner's change landed before its own request
      // was checked, because it is no owner (403) or no longer signed in (401) by then.
      const refused = answers.find((r) => r.statusCode !== 204)!;
      expect(['staff/last-owner', 'auth/forbidden', 'auth/unauthenticated']).toContain(refused.json().error.code);
      expect(await activeOwners()).toHaveLength(1);
    },
    60_000,
  );
});
