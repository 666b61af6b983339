import type { ActionFunctionArgs, AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type Asker, decide } from '#common/policy.ts';
import { ROLES } from '#common/roles.ts';
import { type AdminWrite, adminAction } from './admin-action.server.ts';
import { BACKUP_WRITES } from './admin-backup-writes.server.ts';
import { IMPORT_WRITES } from './admin-import-writes.server.ts';
import { DEMO_WRITES } from './admin-demo-writes.server.ts';
import { CALENDAR_WRITES } from './admin-calendar-writes.server.ts';
import { MESSAGES_WRITES } from './admin-messages-writes.server.ts';
import { CONTENT_WRITES } from './admin-content-writes.server.ts';
import * as staffWrites from './admin-staff-writes.server.ts';
import * as writes from './admin-writes.server.ts';
import { setAdmissionStatus } from '../../admission/office/admission-writes.server.ts';
import * as seasonWrites from '../../admission/office/season-writes.server.ts';
import * as applicationWrites from '../../admission/office/application-writes.server.ts';
import { noticePreetiWrites } from '../notice-preeti.ts';

// Every write an admin page can post, by name: its declared action decides, through the policy, who may run it.
const ALL_WRITES: Record<string, AdminWrite> = {
  createNotice: writes.createNotice,
  updateNotice: writes.updateNotice,
  addNoticeAttachments: writes.addNoticeAttachments('n1'),
  removeNoticeAttachment: writes.removeNoticeAttachment('n1'),
  deleteNotice: writes.deleteNotice,
  setAdmissionStatus,
  uploadImage: writes.uploadImage('gallery'),
  deleteImage: writes.deleteImage,
  setInquiryHandled: writes.setInquiryHandled,
  setInquiryState: writes.setInquiryState,
  replyToInquiry: writes.replyToInquiry,
  ...Object.fromEntries(Object.entries(MESSAGES_WRITES).map(([intent, write]) => [`messages.${intent}`, write])),
  deleteInquiry: writes.deleteInquiry,
  ...Object.fromEntries(Object.entries(BACKUP_WRITES).map(([intent, write]) => [`backups.${intent}`, write])),
  ...Object.fromEntries(Object.entries(IMPORT_WRITES).map(([intent, write]) => [`import.${intent}`, write])),
  ...Object.fromEntries(Object.entries(DEMO_WRITES).map(([intent, write]) => [`demo.${intent}`, write])),
  ...Object.fromEntries(Object.entries(CALENDAR_WRITES).map(([intent, write]) => [`calendar.${intent}`, write])),
  ...Object.fromEntries(
    Object.entries(staffWrites).filter((entry): entry is [string, AdminWrite] => typeof entry[1] === 'object'),
  ),
  ...Object.fromEntries(
    Object.entries(CONTENT_WRITES).flatMap(([page, pageWrites]) =>
      Object.entries(pageWrites).map(([intent, write]) => [`${page}.${intent}`, write as AdminWrite]),
    ),
  ),
  ...Object.fromEntries(
    Object.entries(seasonWrites).flatMap(([name, write]): [string, AdminWrite][] => {
      if (typeof write === 'function' && write.length === 1)
        return [[name, (write as (id: string) => AdminWrite)('s1')]];
      return typeof write === 'object' ? [[name, write as AdminWrite]] : [];
    }),
  ),
  ...Object.fromEntries(
    Object.entries(applicationWrites).flatMap(([name, write]): [string, AdminWrite][] => {
      if (typeof write === 'function') return [[name, (write as (id: string) => AdminWrite)('a1')]];
      return typeof write === 'object' && 'action' in write ? [[name, write as AdminWrite]] : [];
    }),
  ),
  ...Object.fromEntries(
    Object.entries(noticePreetiWrites(writes.createNotice)).map(([intent, write]) => [`notice.${intent}`, write]),
  ),
};

const STATUS = { 'signed-out': 401, forbidden: 403, 'two-factor-required': 403 } as const;

async function post(write: AdminWrite, asker: Asker | null) {
  const run = vi.fn(async () => undefined);
  const actor = asker ? { kind: 'staff', userId: 'u1', email: 'a@test.np', name: '', address: '::1', ...asker } : null;
  const context = {
    currentActor: async () => actor,
    services: {},
    readForm: (request: Request) => request.formData(),
  } as unknown as AppLoadContext;
  const request = new Request('http://site.test/admin/any', {
    method: 'POST',
    body: new URLSearchParams({ intent: 'w' }),
  });
  const answer = await adminAction({ request, context, params: {} } as ActionFunctionArgs, { w: { ...write, run } });
  return { status: answer.init?.status ?? 200, ran: run.mock.calls.length > 0 };
}

describe('the policy on the admin pages’ writes', () => {
  it('every write x owner, editor, signed out and two-factor pending runs only when the policy allows its action', async () => {
    expect(Object.keys(ALL_WRITES).length).toBeGreaterThan(30);
    const askers = [
      null,
      ...ROLES.flatMap((role) => [false, true].map((twoFactorPending) => ({ role, twoFactorPending }))),
    ];
    for (const [name, write] of Object.entries(ALL_WRITES)) {
      for (const asker of askers) {
        const decision = decide(asker, write.action);
        const label = `${name} (${write.action}) as ${JSON.stringify(asker)}`;
        const { status, ran } = await post(write, asker);
        expect(ran, label).toBe(decision === 'allowed');
        expect(status, label).toBe(decision === 'allowed' ? 200 : STATUS[decision]);
      }
    }
  });
});
