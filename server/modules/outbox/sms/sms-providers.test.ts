import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { startSmsStandIns } from '#server/test-support/sms-stand-ins.ts';
import { createTestApp } from '#server/test-support/test-app.ts';
import { enqueue } from '../outbox.ts';

const standIns = await startSmsStandIns();
const clock = new ManualClock('2026-11-24T09:00:00.000Z');
const t = await createTestApp({}, { clock, smsBaseUrls: { sparrow: standIns.baseUrl, aakash: standIns.baseUrl } });
afterAll(async () => {
  await t.close();
  await standIns.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('outbox_messages').execute();
  standIns.seen.length = 0;
});

async function configure(provider: 'sparrow' | 'aakash', token: string) {
  await t.services.messages.saveSettings(COMMAND_LINE_ACTOR, {
    officeEmails: '',
    officePhones: '9841000001',
    smsProvider: provider,
    smsToken: token,
    smsSender: provider === 'sparrow' ? 'OrbitCol' : '',
  });
}

async function sendSms(to: string, text: string) {
  await enqueue(t.db, { channel: 'sms', recipient: to, language: 'ne', text, event: 'test:sms', at: clock.now() });
  await t.services.outbox.runOnce();
  return t.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
}

describe('SMS through Sparrow SMS v2 (a local stand-in)', () => {
  it('posts token, from, to and text form-encoded to /v2/sms/ and records the queued answer', async () => {
    await configure('sparrow', 'tok-1234');
    const row = await sendSms('9841000001', 'भर्ना खुल्यो');
    expect(standIns.seen).toEqual([
      {
        path: '/v2/sms/',
        contentType: 'application/x-www-form-urlencoded',
        fields: { token: 'tok-1234', from: 'OrbitCol', to: '9841000001', text: 'भर्ना खुल्यो' },
      },
    ]);
    expect(row).toMatchObject({ state: 'sent', last_answer: 'Sparrow SMS: 1 mesages has been queued for delivery' });
  });

  it.each([
    ['9800000000', 'tok', 'failed', 'Sparrow SMS refused (1007): the number is not a valid receiver.'],
    ['9841000001', 'no-credit', 'retrying', 'Sparrow SMS refused (1012): no credit left on the account.'],
    [
      '9841000001',
      'blocked-ip',
      'retrying',
      'Sparrow SMS refused (1001): this server’s IP address is not allowed on the Sparrow account.',
    ],
    ['9841000001', 'bad', 'retrying', 'Sparrow SMS refused (1002): the token is not valid.'],
  ])('to %s with token %s: %s, in words', async (to, token, state, words) => {
    await configure('sparrow', token);
    expect(await sendSms(to, 'x')).toMatchObject({ state, last_answer: words });
  });
});

describe('SMS through Aakash SMS v3 (a local stand-in)', () => {
  it('posts auth_token, to and text form-encoded to /sms/v3/send and records the queued answer', async () => {
    await configure('aakash', 'auth-5678');
    const row = await sendSms('9841000001', 'Admission open');
    expect(standIns.seen).toEqual([
      {
        path: '/sms/v3/send',
        contentType: 'application/x-www-form-urlencoded',
        fields: { auth_token: 'auth-5678', to: '9841000001', text: 'Admission open' },
      },
    ]);
    expect(row).toMatchObject({ state: 'sent', last_answer: 'Aakash SMS: 1 messages has been queued' });
  });

  it.each([
    ['9800000000', 'tok', 'failed', 'Aakash SMS refused: the number is not a valid receiver.'],
    [
      '9841000001',
      'no-credit',
      'retrying',
      'Aakash SMS refused: not enough credit on the account (Insufficient credit balance).',
    ],
    [
      '9841000001',
      'blocked-ip',
      'retrying',
      'Aakash SMS refused: this server’s IP address is not allowed on the Aakash account (IP not whitelisted).',
    ],
    ['9841000001', 'bad', 'retrying', 'Aakash SMS refused: the auth token is not valid (Invalid auth token).'],
  ])('to %s with token %s: %s, in words', async (to, token, state, words) => {
    await configure('aakash', token);
    expect(await sendSms(to, 'x')).toMatchObject({ state, last_answer: words });
  });
});

describe('SMS settings', () => {
  it('never shows the token back in full, and a blank token keeps the one set', async () => {
    await configure('sparrow', 'secret-token-9876');
    await t.services.messages.saveSettings(COMMAND_LINE_ACTOR, {
      officeEmails: 'office@orbit.test',
      officePhones: '9841000001, 9851000002',
      smsProvider: 'sparrow',
      smsToken: '',
      smsSender: 'OrbitCol',
    });
    const shown = await t.services.messages.settings(COMMAND_LINE_ACTOR);
    expect(shown).toMatchObject({
      smsProvider: 'sparrow',
      smsTokenHint: 'set',
      officePhones: ['9841000001', '9851000002'],
    });
    expect(JSON.stringify(shown)).not.toContain('9876');
    // Stored sealed with the settings key, never as typed.
    const row = await t.db
      .selectFrom('message_settings')
      .select('value')
      .where('name', '=', 'sms_token')
      .executeTakeFirstOrThrow();
    expect(row.value).toMatch(/^sealed:v1:/u);
    expect(row.value).not.toContain('secret-token');
  });

  it('refuses a mobile number that is not 10 digits', async () => {
    await expect(
      t.services.messages.saveSettings(COMMAND_LINE_ACTOR, {
        officeEmails: '',
        officePhones: '98410',
        smsProvider: '',
        smsToken: '',
        smsSender: '',
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'Enter 10-digit mobile numbers (98XXXXXXXX) separated by commas.',
    });
  });
});
