/**
 * The college's content moves from content/ into the database without losing anything: a new site and
 * a site upgraded from the release before (tests/fixtures/release-ae469e6) both hold exactly the values
 * content/ holds, and show them.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { college, courses, footerCourses, links, messages, testimonials, whyChooseUs } from '#content/college.ts';
import { bannerPictures } from '#content/pictures.ts';
import { CONTENT_SECTIONS } from '#common/site-content/site.ts';
import type { Db } from '#server/db/db.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { parseEnv } from '#server/env.ts';
import { createTestDb } from '#server/test-support/test-app.ts';
import { buildApp } from '#server/app.ts';
import { createStorage } from '#server/storage/create-storage.ts';
import {
  type OpenedFixture,
  openReleaseFixture,
  readManifest,
  releaseFixtures,
} from '../../../tests/ops/release-fixture.ts';
import { DRAWING_ALTS, defaultSections } from './content-defaults.ts';
import { listSections } from './content.repository.ts';
import { englishOnly } from './default-nepali.ts';
import { readAllSections } from './section-store.ts';

/**
 * The defaults as migration 0005 froze them: the College section's later fields (the colours, the logo)
 * are not in its copy; the section's schema reads a row without them with today's colours and no logo.
 */
function asMigrated() {
  const { colours: _colours, logo: _logo, ...college } = englishOnly(defaultSections()).college;
  return { ...englishOnly(defaultSections()), college };
}

/** Each section as stored, parsed. */
async function storedSections(db: Db) {
  return Object.fromEntries((await listSections(db)).map((row) => [row.section, JSON.parse(row.data) as unknown]));
}

describe('the default content', () => {
  it('is what content/ says: texts, numbers, courses, people and links', () => {
    const d = defaultSections();
    expect(d.college.name.en).toBe(college.name);
    expect(d.college.addressLines.map((l) => l.en)).toEqual(college.address.lines);
    expect(d.college.phones).toEqual(college.phones.filter((p) => p.tel !== null).map((p) => p.label));
    expect(d.college.email).toBe(links.email);
    expect(d.college.mapEmbedUrl).toBe(links.mapEmbed);
    expect(d.courses.cards.map((c) => [c.title.en, c.summary.en, c.icon])).toEqual(
      courses.map((c) => [c.title, c.summary, { kind: 'icon', name: c.icon }]),
    );
    expect(d['footer-courses'].items.map((i) => i.en)).toEqual(footerCourses);
    expect(d.messages.principal.body.en.split('\n\n')).toEqual(messages[1]!.paragraphs);
    expect(d.testimonials.items.map((i) => i.quote.en)).toEqual(testimonials.map((i) => i.quote));
    expect(d['why-choose-us'].points.map((p) => p.title.en)).toEqual(whyChooseUs.points.map((p) => p.title));
  });

  it('describes the banner drawings with the alt texts of content/pictures.ts, in order', () => {
    expect(Object.values(DRAWING_ALTS)).toEqual(bannerPictures.map((p) => p.alt));
    expect(defaultSections().banner.slides.map((s) => s.alt.en)).toEqual(bannerPictures.map((p) => p.alt));
  });
});

describe('a new site', () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createTestDb());
  });
  afterAll(() => cleanup());

  it('starts with every section holding the default content, at version 1', async () => {
    const rows = await listSections(db);
    expect(rows.map((r) => r.section).sort()).toEqual([...CONTENT_SECTIONS].sort());
    expect(rows.every((r) => r.version === 1)).toBe(true);
    // Stored in English only; read with the default Nepali beside it.
    expect(await storedSections(db)).toEqual(asMigrated());
    expect(await readAllSections(db, (_, err) => expect.unreachable(String(err)))).toEqual(defaultSections());
  });
});

describe.each(releaseFixtures())('a site upgraded from %s', (fixture) => {
  let root: string;
  let opened: OpenedFixture;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), `orbit-content-${fixture}-`));
    opened = await openReleaseFixture(fixture, root);
    await migrateToLatest(opened.db);
  });
  afterAll(async () => {
    await opened?.cleanup();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('holds the content the release showed (content/), and shows it on the public API', async () => {
    // A release before stored content gets the defaults (content/); a later one keeps what its office saved,
    // its college given the prefix of the references it made, 'ORB' (0039-reference-prefix).
    const saved = (readManifest(fixture).rows.site_content ?? []) as { section: string; data: string }[];
    const upgraded = (row: { section: string; data: string }) => {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      return row.section === 'college' ? { ...data, referencePrefix: 'ORB' } : data;
    };
    expect(await storedSections(opened.db)).toEqual(
      saved.length > 0 ? Object.fromEntries(saved.map((row) => [row.section, upgraded(row)])) : asMigrated(),
    );
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: opened.dataDir, SEED_DEMO: 'false' });
    const app = await buildApp({ env, db: opened.db, storage: createStorage(env), pages: false });
    try {
      const site = (await app.inject({ method: 'GET', url: '/api/content' })).json<{
        college: { name: { en: string; ne: string }; phones: string[] };
        banner: { slides: { alt: { en: string } }[] };
      }>();
      expect(site.college.name).toEqual({ en: college.name, ne: 'अर्बिट कलेज' });
      expect(site.college.phones).toEqual(['056-418307', '9855060414']);
      expect(site.banner.slides.map((s) => s.alt.en)).toEqual(bannerPictures.map((p) => p.alt));
    } finally {
      await app.close();
    }
  });
});
