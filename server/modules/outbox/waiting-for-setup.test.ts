import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { startSmsStandIns } from '#server/test-support/sms-stand-ins.ts';
import { createTestApp } from '#server/test-support/test-app.ts';
import { enqueue } from './outbox.ts';

// No SMTP_URL and no SMS provider: nothing can leave. Messages written meanwhile are told apart from ones
// merely waiting their turn, and go once their channel is set up.
const HEALTH_TOKEN = 'a-monitor-token-of-24-characters-or-more';
const standIns = await startSmsStandIns();
const clock = new ManualClock('2026-11-24T09:00:00.000Z');
const t = await createTestApp(
  { HEALTH_TOKEN },
  { clock, smsBaseUrls: { sparrow: standIns.baseUrl, aakash: standIns.baseUrl } },
);
afterAll(async () => {
  await t.close();
  await standIns.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('outbox_messages').execute();
  await t.db.deleteFrom('message_settings').execute();
  standIns.seen.length = 0;
});

const write = (channel: 'email' | 'sms', recipient: string) =>
  enqueue(t.db, {
    channel,
    recipient,
    language: 'en',
    subject: channel === 'email' ? 'Admit card ready' : undefined,
    text: 'Your admit card is ready.',
    event: `application-admit-card:${recipient}`,
    at: clock.now(),
  });

const health = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${HEALTH_TOKEN}` } })
  ).json<{ outbox: { backlog: number; waitingForSetUp: { email: number; sms: number } } }>().outbox;

describe('messages on a channel that is not set up', () => {
  it('are counted and shown as waiting for set-up, never as queued, in the log, the counts and /api/health', async () => {
    await write('email', 'guardian@example.com');
    await write('sms', '9841000001');
    await write('sms', '9841000002');
    expect(await t.services.messages.waitingForSetUp()).toEqual({ email: 1, sms: 2 });
    const { messages } = await t.services.messages.list(COMMAND_LINE_ACTOR);
    expect(messages.map((m) => m.state)).toEqual(['waiting-setup', 'waiting-setup', 'waiting-setup']);
    expect(await health()).toMatchObject({ backlog: 3, waitingForSetUp: { email: 1, sms: 2 } });
    // The sender takes none of them: no try is spent on a way out that does not exist.
    expect(await t.services.outbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, lost: 0 });
    const tries = await t.db.selectFrom('outbox_messages').select('attempts').execute();
    expect(tries.map((r) => r.attempts)).toEqual([0, 0, 0]);
  });

  it('leave once SMS is set up, each once, and are no longer counted', async () => {
    await write('sms', '9841000001');
    await write('sms', '9841000002');
    await t.services.messages.saveSettings(COMMAND_LINE_ACTOR, {
      officeEmails: '',
      officePhones: '',
      smsProvider: 'sparrow',
      smsToken: 'tok-1234',
      smsSender: 'OrbitCol',
    });
    expect(await t.services.messages.waitingForSetUp()).toEqual({ email: 0, sms: 0 });
    expect((await t.services.messages.list(COMMAND_LINE_ACTOR)).messages.map((m) => m.state)).toEqual([
      'queued',
      'queued',
    ]);
    expect(await t.services.outbox.runOnce()).toMatchObject({ sent: 2 });
    expect(await t.services.outbox.runOnce()).toMatchObject({ sent: 0 });
    expect(standIns.seen.map((s) => s.fields.to).sort()).toEqual(['9841000001', '9841000002']);
    expect(await health()).toMatchObject({ backlog: 0, waitingForSetUp: { email: 0, sms: 0 } });
  });
});
