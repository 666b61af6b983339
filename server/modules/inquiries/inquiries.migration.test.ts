/**
 * Migration 0018 keeps every inquiry a release wrote and what the office had done with it: an inquiry
 * marked handled becomes 'closed', an unread one stays 'new', and nothing else of the row changes.
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

describe.each(releaseFixtures())('inquiries of a site upgraded from %s', (fixture) => {
  let root: string;
  let opened: OpenedFixture;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), `orbit-inquiries-${fixture}-`));
    opened = await openReleaseFixture(fixture, root);
    await migrateToLatest(opened.db);
  });
  afterAll(async () => {
    await opened?.cleanup();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('turns the handled flag into a state without losing a row: handled → closed, unread → new', async () => {
    const before = (readManifest(fixture).rows.inquiries ?? []) as ({ id: string; handled: number } & Record<
      string,
      unknown
    >)[];
    expect(before.some((r) => r.handled === 1) && before.some((r) => r.handled === 0)).toBe(true);
    const after = await opened.db.selectFrom('inquiries').selectAll().orderBy('id').execute();
    expect(after).toEqual(
      [...before]
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map(({ handled, ...row }) => ({ ...row, state: handled === 1 ? 'closed' : 'new' })),
    );
  });
});
