/**
 * Migrations 0006 and 0012 keep every notice a release wrote: each becomes General, published and last changed
 * at the time it was created, not pinned, with no reference number, and shows on the public API as before.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/migrate.ts';
import {
  type OpenedFixture,
  openReleaseFixture,
  readManifest,
  releaseFixtures,
} from '../../../tests/ops/release-fixture.ts';

describe.each(releaseFixtures())('notices of a site upgraded from %s', (fixture) => {
  let root: string;
  let opened: OpenedFixture;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), `orbit-notices-${fixture}-`));
    opened = await openReleaseFixture(fixture, root);
    await migrateToLatest(opened.db);
  });
  afterAll(async () => {
    await opened?.cleanup();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('keeps every row: General, English, published and last changed at its creation time when the release predates them', async () => {
    const manifest = readManifest(fixture);
    const before = (manifest.rows.notices ?? []) as { id: string; created_at: string }[];
    expect(before.length).toBeGreaterThan(0);
    const after = await opened.db.selectFrom('notices').selectAll().orderBy('id').execute();
    const sorted = [...before].sort((a, b) => (a.id < b.id ? -1 : 1));
    // A release that had already made these columns wrote them itself: its rows are kept as they were.
    const had = (migration: string) => manifest.migrations.includes(migration);
    expect(after).toEqual(
      sorted.map((row) => ({
        ...(had('0006-notice-board')
          ? {}
          : { category: 'general', reference_no: null, publish_at: row.created_at, pinned_until: null }),
        ...(had('0011-notice-language') ? {} : { language: 'en' }),
        ...(had('0012-notice-updated-at') ? {} : { updated_at: row.created_at }),
        ...row,
      })),
    );
  });
});
