import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// An offer confirmed with a photo of the admission-fee bank voucher sent from the status page: the voucher's
// number and when it arrived (the photo itself is an application document of kind 'offer-voucher'). An offer
// whose voucher arrived before its deadline is in state 'voucher-sent' and does not lapse. Existing offers keep
// every value: no voucher number, no time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('offers')
    .addColumn('voucher_number', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('offers').addColumn('voucher_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('offers').dropColumn('voucher_at').execute();
  await db.schema.alterTable('offers').dropColumn('voucher_number').execute();
}
