import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// Staff accounts get a name and a role (owner or editor); every account that exists before this
// release belongs to the people who ran the site alone, so it becomes an owner. An account can be
// disabled, and its last sign-in is kept for the staff list. Every change made through the admin is
// recorded in audit_log, written in the same transaction as the change.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('owner'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'varchar(30)').execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'varchar(30)').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    // Null when the account was deleted later, or for the command line; actor_name keeps who it was.
    .addColumn('actor_id', 'varchar(36)')
    .addColumn('actor_name', 'varchar(320)', (c) => c.notNull())
    .addColumn('kind', 'varchar(60)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .execute();
  // The page reads newest first, by person or by kind; pruning deletes by age.
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_name', 'at']).execute();
  await db.schema.createIndex('audit_log_kind_idx').on('audit_log').columns(['kind', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  for (const column of ['last_sign_in_at', 'disabled_at', 'name', 'role']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
