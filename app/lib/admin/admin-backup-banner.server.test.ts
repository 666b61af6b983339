import fs from 'node:fs';
import path from 'node:path';
import type { AppLoadContext, LoaderFunctionArgs } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#common/roles.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the layout's loader runs on the real services here
import { type TestApp, createTestApp } from '#server/test-support/test-app.ts';
import { loader } from '../../routes/admin/layout.tsx';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The last restore drill failed (as the server records it in the backup folder).
  const dir = path.join(t.dataDir, 'backups');
  fs.mkdirSync(dir, { recursive: true });
  const state = {
    since: new Date().toISOString(),
    runs: [],
    drills: [{ at: new Date().toISOString(), file: 'orbit-backup-x.tar.gz', ok: false, error: 'Table notices: …' }],
  };
  fs.writeFileSync(path.join(dir, 'backup-state.json'), JSON.stringify(state));
});
afterAll(() => t.close());

const layoutFor = async (role: Role) => {
  const actor = {
    kind: 'staff',
    userId: 'u1',
    email: 'a@test.np',
    name: '',
    address: '::1',
    role,
    twoFactorPending: false,
  };
  const context = { currentActor: async () => actor, services: t.services } as unknown as AppLoadContext;
  const request = new Request('http://site.test/admin');
  return (await loader({ request, context, params: {} } as unknown as LoaderFunctionArgs)) as {
    backupWarnings: string[];
  };
};

describe('the backup banner of the admin frame', () => {
  it('tells an owner on every admin page that the last drill failed', async () => {
    expect((await layoutFor('owner')).backupWarnings).toEqual([
      'The last restore drill failed (orbit-backup-x.tar.gz): Table notices: …',
    ]);
  });

  it('tells no one else', async () => {
    expect((await layoutFor('editor')).backupWarnings).toEqual([]);
    expect((await layoutFor('admissions')).backupWarnings).toEqual([]);
  });
});
