import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FirstRunCollegeSchema } from '#common/site-content/first-run.ts';
import type { WriteResult } from '#app/lib/form-result.ts';
// The test starts the real app and database for the page's load context.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { listFiles } from '#server/test-support/admin-session.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { buildImage } from '#server/test-support/factories.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { pageContext } from '#server/test-support/page-context.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { type TestApp, createTestApp } from '#server/test-support/test-app.ts';
import { action, loader } from './welcome.tsx';

// The first run as a browser posts it (a multipart form, with or without JavaScript) to the one-time owner
// link's page, on the real app and database file: refused whole or saved whole, and only once.
let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.services.staff.firstOwnerLink())!.path.replace('/welcome/', '');
}, 60_000);
afterAll(() => t?.close());

const GOOD = {
  'name.en': 'Himalaya Model College',
  'name.ne': 'हिमालय मोडेल कलेज',
  'shortName.en': 'Himalaya',
  'shortName.ne': 'हिमालय',
  'colours.main': '#7a1f3d',
  'colours.accent': '#f2c14e',
  'addressLines.0.en': 'Tulsipur-5, Dang',
  'addressLines.0.ne': 'तुलसीपुर-५, दाङ',
  'addressLines.1.en': '',
  'addressLines.1.ne': '',
  'addressLines.2.en': '',
  'addressLines.2.ne': '',
  'phones.0': '082-520123',
  'phones.1': '',
  'phones.2': '',
  email: 'info@himalaya.edu.np',
  mapLinkUrl: 'https://maps.example.com/himalaya',
  ownerName: 'Sita Sharma',
  password: 'the first owner passphrase',
  demo: 'remove',
};

/** The page's form as posted, with the owner's e-mail address. */
async function post(fields: Record<string, string | Blob>, ownerEmail = 'Sita@Himalaya.edu.np', lang?: 'ne') {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set('ownerEmail', ownerEmail);
  const request = new Request(`http://site.test/welcome/${token}${lang ? `/${lang}` : ''}`, { method: 'POST', body });
  const answer = await action({
    request,
    params: { token, lang },
    context: pageContext(t.services, null),
  } as unknown as Parameters<typeof action>[0]);
  return { status: answer.init?.status ?? 200, body: answer.data as WriteResult };
}

const stored = async () => ({
  users: await t.db.selectFrom('users').select(['email', 'role']).execute(),
  college: await t.db.selectFrom('site_content').select(['data', 'version']).where('section', '=', 'college').execute(),
  audit: await t.db.selectFrom('audit_log').select(['kind']).execute(),
  files: await listFiles(path.join(t.dataDir, 'uploads')),
});

/** The page's data as the link opens it (`/ne` after it: in Nepali). */
const load = async (lang?: 'ne') =>
  (await loader({
    params: { token, lang },
    request: new Request(`http://site.test/welcome/${token}${lang ? `/${lang}` : ''}`),
    context: pageContext(t.services, null),
  } as unknown as Parameters<typeof loader>[0])) as {
    lang: string;
    setup: { values: Record<string, string>; demoLeft: number; demoWords: string };
  };

it('opens with what the college holds now, and the count of the demo that would go', async () => {
  const answer = await loader({
    params: { token },
    request: new Request(`http://site.test/welcome/${token}`),
    context: pageContext(t.services, null),
  } as unknown as Parameters<typeof loader>[0]);
  const setup = (answer as { setup: { values: Record<string, string>; demoLeft: number; demoWords: string } }).setup;
  expect(setup.values['name.en']).toBe('Orbit College');
  expect(setup.values['colours.main']).toBe('#0b3d91');
  expect(setup.demoLeft).toBeGreaterThan(0);
  expect(setup.demoWords).toMatch(/texts/u);
});

it('a refused first run names each field, keeps what was typed but the password, and stores nothing', async () => {
  const before = await stored();
  const refused = await post(
    { ...GOOD, 'name.en': '', 'colours.main': '#ffff00', password: 'short' },
    'not-an-address',
  );
  expect(refused.status).toBe(400);
  expect(refused.body.ok).toBe(false);
  const errors = !refused.body.ok ? refused.body.fieldErrors! : {};
  expect(Object.keys(errors)).toEqual(expect.arrayContaining(['name.en', 'colours.main', 'ownerEmail', 'password']));
  expect(errors['colours.main']).toMatch(/4\.5:1|contrast/u);
  const values = !refused.body.ok ? refused.body.values! : {};
  expect(values['name.ne']).toBe(GOOD['name.ne']);
  expect(values['addressLines.0.en']).toBe(GOOD['addressLines.0.en']);
  expect(values).not.toHaveProperty('password');
  expect(await stored()).toEqual(before);
});

it('a logo that is not an image is refused at its field after every other field passed, and nothing is stored', async () => {
  const before = await stored();
  const notImage = new File([Buffer.from('%PDF-1.4 not a logo')], 'logo.png', { type: 'image/png' });
  const refused = await post({ ...GOOD, logo: notImage });
  expect(refused.status).toBe(415);
  expect(!refused.body.ok && refused.body.fieldErrors?.logo).toMatch(/PNG or SVG/u);
  expect(!refused.body.ok && refused.body.values?.logoChosen).toBe('yes');
  const weak = await post({ ...GOOD, password: 'password1234' });
  expect(!weak.body.ok && weak.body.fieldErrors?.password).toBeTruthy();
  expect(await stored()).toEqual(before);
  expect(before.users).toEqual([]);
});

const DEVANAGARI = /[\u0900-\u097F]/u;

it('opens in Nepali at the link with /ne after it: the demo that would go counted in words with Devanagari digits', async () => {
  const english = await load();
  const nepali = await load('ne');
  expect([english.lang, nepali.lang]).toEqual(['en', 'ne']);
  expect((nepali as unknown as { collegeName: string }).collegeName).toBe('अर्बिट कलेज');
  expect(nepali.setup.values).toEqual(english.setup.values);
  expect(nepali.setup.demoWords).toMatch(/पाठ/u);
  expect(nepali.setup.demoWords).not.toMatch(/[0-9A-Za-z]/u);
  expect(nepali.setup.demoWords).toMatch(/[०-९]/u);
});

it('refuses a first run posted in Nepali with every field named in Nepali, keeps what was typed, stores nothing', async () => {
  const before = await stored();
  const refused = await post(
    { ...GOOD, 'name.en': '', 'colours.main': '#ffff00', 'phones.0': 'call us', password: 'short' },
    'not-an-address',
    'ne',
  );
  expect(refused.status).toBe(400);
  if (refused.body.ok) throw new Error('the post was not refused');
  expect(refused.body.message).toBe('कृपया चिन्ह लगाइएका कोठा सच्याउनुहोस्।');
  const errors = refused.body.fieldErrors!;
  expect(Object.keys(errors).sort()).toEqual(['colours.main', 'name.en', 'ownerEmail', 'password', 'phones.0']);
  for (const [field, message] of Object.entries(errors)) {
    expect(message, field).toMatch(DEVANAGARI);
    // Numbers in Nepali words are in Devanagari digits (the colour's own hex digits aside).
    expect(message.replace(/#[0-9a-f]{6}/giu, ''), field).not.toMatch(/[0-9]/u);
  }
  expect(errors['name.en']).toBe('कलेजको नाम (अङ्ग्रेजी) लेख्नुहोस्।');
  // The ratio it has and the one it needs, as the English refusal names them.
  expect(errors['colours.main']).toMatch(/#ffff00 .*१\.०:१ .*४\.५:१/u);
  expect(errors.password).toMatch(/कम्तीमा १२ अक्षर/u);
  expect(refused.body.values?.['name.ne']).toBe(GOOD['name.ne']);
  expect(refused.body.values?.['phones.0']).toBe('call us');
  expect(refused.body.values).not.toHaveProperty('password');
  expect(await stored()).toEqual(before);
});

it("refuses a Nepali first run's logo that is not an image, and a common password, in Nepali", async () => {
  const before = await stored();
  const notImage = new File([Buffer.from('%PDF-1.4 not a logo')], 'logo.png', { type: 'image/png' });
  const refused = await post({ ...GOOD, logo: notImage }, undefined, 'ne');
  expect(refused.status).toBe(415);
  expect(!refused.body.ok && refused.body.fieldErrors?.logo).toBe(
    'लोगो PNG वा SVG चित्र हुनुपर्छ; यो फाइल ती दुवैमध्ये कुनै होइन।',
  );
  expect(!refused.body.ok && refused.body.message).toBe('कृपया चिन्ह लगाइएका कोठा सच्याउनुहोस्।');
  const weak = await post({ ...GOOD, password: 'password1234' }, undefined, 'ne');
  expect(!weak.body.ok && weak.body.fieldErrors?.password).toMatch(/धेरै प्रचलित/u);
  expect(await stored()).toEqual(before);
});

it('a complete first run saves the college, its logo and the owner together, removes the demo, audited as the owner; the link is then used', async () => {
  const logo = new File([new Uint8Array(await buildImage({ width: 300, height: 120, format: 'png' }))], 'logo.png', {
    type: 'image/png',
  });
  const done = await post({ ...GOOD, logo, requireTwoFactor: 'yes' });
  expect(done.body).toMatchObject({ ok: true });
  expect(done.body.ok && done.body.message).toMatch(/demo content is removed/u);

  const users = await t.db.selectFrom('users').select(['id', 'email', 'role']).execute();
  expect(users).toMatchObject([{ email: 'sita@himalaya.edu.np', role: 'owner' }]);
  const college = await t.services.content.get('college');
  expect(college.name).toEqual({ en: GOOD['name.en'], ne: GOOD['name.ne'] });
  expect(college.colours).toEqual({ main: '#7a1f3d', accent: '#f2c14e' });
  // Its applications' references begin with its own initials, not the demo's ORB.
  expect(college.referencePrefix).toBe('HMC');
  expect(college.addressLines).toEqual([{ en: GOOD['addressLines.0.en'], ne: GOOD['addressLines.0.ne'] }]);
  expect(college.phones).toEqual(['082-520123']);
  expect(college.mapLinkUrl).toBe(GOOD.mapLinkUrl);
  expect(college.logo?.url).toMatch(/^\/logo\//u);
  expect(await t.services.content.logoFile(college.logo!.url.replace('/logo/', ''))).not.toBeNull();
  // 'Start empty': the demo's texts went (the about text is emptied), what was typed stayed.
  expect(college.about.en).toBe('');
  expect(await t.services.demo.left()).toBe(0);
  expect(await t.services.twoFactor.isRequired()).toBe(true);

  const log = await t.db.selectFrom('audit_log').select(['kind', 'actor_id', 'subject']).orderBy('at').execute();
  const owner = users[0]!.id;
  for (const kind of ['account-added', 'content-changed', 'two-factor-changed', 'demo-removed'])
    expect(log.find((e) => e.kind === kind)?.actor_id, kind).toBe(owner);
  expect(FirstRunCollegeSchema.safeParse({ ...college }).success).toBe(true);

  const again = await post({ ...GOOD, 'name.en': 'Another College' }, 'other@college.test');
  expect(again.status).toBe(410);
  const againInNepali = await post({ ...GOOD }, 'other@college.test', 'ne');
  expect(againInNepali.status).toBe(410);
  // Only English and Nepali: another language after the link is no page.
  await expect(load('xx' as 'ne')).rejects.toMatchObject({ init: { status: 404 } });
  expect(!againInNepali.body.ok && againInNepali.body.message).toMatch(/यो लिङ्क प्रयोग भइसकेको छ/u);
  expect((await t.services.content.get('college')).name.en).toBe(GOOD['name.en']);
  expect(await t.db.selectFrom('users').select('email').execute()).toHaveLength(1);
});
