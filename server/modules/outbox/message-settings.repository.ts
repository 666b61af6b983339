import type { Db } from '#server/db/db.ts';

export const SETTING_NAMES = [
  'office_emails',
  'office_phones',
  'sms_provider',
  'sms_token',
  'sms_sender',
  'smtp_host',
  'smtp_port',
  'smtp_security',
  'smtp_user',
  'smtp_password',
  'mail_from',
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

export async function readSettings(db: Db): Promise<Partial<Record<SettingName, string>>> {
  const rows = await db.selectFrom('message_settings').select(['name', 'value']).execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

export async function writeSetting(db: Db, name: SettingName, value: string, now: string): Promise<void> {
  await db
    .insertInto('message_settings')
    .values({ name, value, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now }))
    .execute();
}
