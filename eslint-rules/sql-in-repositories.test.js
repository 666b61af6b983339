import { ruleTester, at } from './rule-tester.js';
import rule from './sql-in-repositories.js';

const QUERY = "export const find = (db) => db.selectFrom('notices').selectAll().execute();";

ruleTester.run('sql-in-repositories', rule, {
  valid: [
    { code: QUERY, filename: at('server/modules/notices/notices.repository.ts') },
    {
      code: "export const up = (db) => db.insertInto('x').values({}).execute();",
      filename: at('server/db/migrations/0001-x.ts'),
    },
    { code: QUERY, filename: at('server/modules/notices/notices.service.test.ts') },
    { code: QUERY, filename: at('server/test-support/factories.ts') },
    // A service that runs a transaction and hands `trx` to repositories writes no SQL itself.
    {
      code: 'export const save = (db, repo, row) => db.transaction().execute((trx) => repo.insertNotice(trx, row));',
      filename: at('server/modules/notices/notices.service.ts'),
    },
  ],
  invalid: [
    {
      code: QUERY,
      filename: at('server/modules/notices/notices.service.ts'),
      errors: [{ messageId: 'query', data: { method: 'selectFrom' } }],
    },
    {
      code: "await trx.deleteFrom('outbox_messages').where('id', '=', id).execute();",
      filename: at('server/modules/admission/results/offer-vouchers.ts'),
      errors: [{ messageId: 'query' }],
    },
    {
      code: "await db.updateTable('offers').set({ a: 1 }).execute(); await db.insertInto('x').values({}).execute();",
      filename: at('server/modules/admission/results/seat-undo.ts'),
      errors: [{ messageId: 'query' }, { messageId: 'query' }],
    },
    {
      code: "import { sql } from 'kysely'; export const f = (db) => sql<{ n: number }>`select 1 as n`.execute(db);",
      filename: at('server/startup/guard-postgres.ts'),
      errors: [{ messageId: 'fragment' }],
    },
    {
      code: "import { sql } from 'kysely'; export const col = sql.ref('notices.id');",
      filename: at('app/lib/anything.server.ts'),
      errors: [{ messageId: 'fragment' }],
    },
  ],
});
