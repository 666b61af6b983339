import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// The outbox: every e-mail and SMS, written in the transaction of the event that causes it and sent later
// by a background sender. The message settings the owner keeps in the admin (one row per name). The
// inquiries' state (new, answered, closed) replaces their handled flag: a handled inquiry becomes
// 'closed', so nothing the office had marked comes back as new; the replies sent to an inquiry.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(320)', (c) => c.notNull())
    .addColumn('language', 'varchar(2)', (c) => c.notNull())
    .addColumn('subject', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
    // While 'sending': until when the claiming process holds it, and its claim (a finish must match it).
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('claim', 'varchar(36)')
    .addColumn('last_answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('event', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('outbox_messages_due_idx')
    .on('outbox_messages')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('outbox_messages_created_idx').on('outbox_messages').column('created_at').execute();

  await db.schema
    .createTable('message_settings')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('inquiries')
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('new'))
    .execute();
  await sql`update inquiries set state = 'closed' where handled = 1`.execute(db);
  await db.schema.alterTable('inquiries').dropColumn('handled').execute();
  await db.schema.createIndex('inquiries_state_idx').on('inquiries').column('state').execute();

  await db.schema
    .createTable('inquiry_replies')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('inquiry_id', 'varchar(36)', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'varchar(320)', (c) => c.notNull())
    .addColumn('outbox_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inquiry_replies_inquiry_idx').on('inquiry_replies').column('inquiry_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inquiry_replies').execute();
  await db.schema.dropIndex('inquiries_state_idx').execute();
  await db.schema
    .alterTable('inquiries')
    .addColumn('handled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update inquiries set handled = 1 where state <> 'new'`.execute(db);
  await db.schema.alterTable('inquiries').dropColumn('state').execute();
  await db.schema.dropTable('message_settings').execute();
  await db.schema.dropTable('outbox_messages').execute();
}
