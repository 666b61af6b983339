import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// Two-factor sign-in (TOTP). An account keeps its secret sealed with a key derived from a server secret,
// the secret waiting for its first code while being set up, and the last time step a code was used in
// (a code signs in once). Recovery codes are kept as hashes only. A sign-in whose password was right but
// whose code is still due is a pending sign-in: only the hash of its browser cookie is stored, for minutes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('two_factor_secret', 'varchar(200)').execute();
  await db.schema.alterTable('users').addColumn('two_factor_pending_secret', 'varchar(200)').execute();
  await db.schema.alterTable('users').addColumn('two_factor_enabled_at', 'varchar(30)').execute();
  await db.schema.alterTable('users').addColumn('two_factor_last_step', 'integer').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('pending_sign_ins')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // Settings an owner changes for the whole site: 'require-two-factor' = 'true' sends every account
  // without two-factor to set it up right after signing in.
  await db.schema
    .createTable('auth_settings')
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_settings').execute();
  await db.schema.dropTable('pending_sign_ins').execute();
  await db.schema.dropTable('recovery_codes').execute();
  for (const column of [
    'two_factor_last_step',
    'two_factor_enabled_at',
    'two_factor_pending_secret',
    'two_factor_secret',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
