import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// The college's reference prefix ('ORB' in 'ORB-2084-0123') becomes part of its stored College section, so
// a college can choose its own for new applications. A site that has applications keeps the prefix they
// were made with; one without keeps the prefix every earlier release gave. References already made are
// not touched. Only the college's row changes, and only when it has no prefix yet.
const EARLIER_PREFIX = 'ORB';

export async function up(db: Kysely<any>): Promise<void> {
  const row = await db.selectFrom('site_content').select('data').where('section', '=', 'college').executeTakeFirst();
  if (!row) return;
  const data = JSON.parse(row.data as string) as Record<string, unknown>;
  if (typeof data.referencePrefix === 'string') return;
  const made = await db.selectFrom('applications').select('reference').limit(1).executeTakeFirst();
  const prefix = /^([A-Z]{2,4})-/u.exec((made?.reference as string | undefined) ?? '')?.[1] ?? EARLIER_PREFIX;
  await db
    .updateTable('site_content')
    .set({ data: JSON.stringify({ ...data, referencePrefix: prefix }) })
    .where('section', '=', 'college')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const row = await db.selectFrom('site_content').select('data').where('section', '=', 'college').executeTakeFirst();
  if (!row) return;
  const { referencePrefix: _prefix, ...data } = JSON.parse(row.data as string) as Record<string, unknown>;
  await db
    .updateTable('site_content')
    .set({ data: JSON.stringify(data) })
    .where('section', '=', 'college')
    .execute();
}
