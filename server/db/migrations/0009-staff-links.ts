import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// One-time links: an owner hands one to a new person (or after a password reset) so they set their own
// password, and a fresh install prints one that creates the first owner. Only the SHA-256 of the token is
// kept; a link is used once, expires, and is void when a newer one is made for the same account.
// Sessions remember the browser (User-Agent) and address they were opened from, for the account page.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('one_time_links')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // 'welcome' (a new account), 'reset' (a password reset) or 'first-owner' (a fresh install).
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    // Null for 'first-owner': the account does not exist yet.
    .addColumn('user_id', 'varchar(36)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('one_time_links_user_idx').on('one_time_links').column('user_id').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('address').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.dropTable('one_time_links').execute();
}
