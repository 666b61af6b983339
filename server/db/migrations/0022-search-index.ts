import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// The admin's search box: notices, inquiries, applications and staff accounts found by their words, in
// Latin and Devanagari script. Nothing existing changes; the index is built for the rows already there.
//
// SQLite: one FTS5 table `search_index` (the kind, title and body of every searchable row; the kind is
// indexed so that a search of one kind reads only that kind's words) and `search_rows`, which ties each
// of its rows to the searched row's kind and id (its rowid grows with every write: newest last). Triggers keep both in step with every insert,
// update and delete of the four tables, in the same transaction as the write.
// FTS5's unicode61 tokenizer takes combining marks for separators and would split Devanagari words at
// their vowel signs (false hits: 'खाली' would match 'खुला'): the Devanagari marks, ZWNJ and ZWJ are word
// characters here.
//
// PostgreSQL: `search_vectors` holds each searchable row's words as `to_tsvector('simple', …)` (which
// keeps Devanagari words whole), with a GIN index, kept in step by triggers like SQLite's. Stored rather
// than an index on an expression: ranking and any scan the planner chooses read the words, never compute
// them again from the text (an expression index made a common word cost a second at 10,000 notices).

const DEVANAGARI_MARKS: [number, number][] = [
  [0x0900, 0x0903],
  [0x093a, 0x093c],
  [0x093e, 0x094f],
  [0x0951, 0x0957],
  [0x0962, 0x0963],
  [0x200c, 0x200d],
];
const tokenChars = DEVANAGARI_MARKS.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join('');

/** What each kind's title and body are made of (SQLite: `new.` columns in triggers; PostgreSQL: columns). */
const SOURCES = {
  notice: {
    table: 'notices',
    newest: 'updated_at',
    title: ['title'],
    body: ['description', 'reference_no'],
  },
  inquiry: {
    table: 'inquiries',
    newest: 'created_at',
    title: ['subject'],
    body: ['first_name', 'last_name', 'email', 'phone', 'message'],
  },
  application: {
    table: 'applications',
    newest: 'submitted_at',
    title: ['name_en', 'name_ne'],
    body: ['reference', 'symbol_number', 'guardian_name', 'guardian_mobile', 'email', 'school'],
  },
  staff: {
    table: 'users',
    newest: 'created_at',
    title: ['name'],
    body: ['email'],
  },
} as const;

const joined = (prefix: string, columns: readonly string[]) =>
  columns.map((c) => `coalesce(${prefix}${c}, '')`).join(` || ' ' || `);

async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create virtual table search_index using fts5(kind, title, body, tokenize = "unicode61 remove_diacritics 2 tokenchars '${tokenChars}'")`,
    )
    .execute(db);
  await sql`create table search_rows (
    rowid integer primary key,
    kind varchar(20) not null,
    ref varchar(36) not null,
    unique (kind, ref)
  )`.execute(db);
  for (const [kind, source] of Object.entries(SOURCES)) {
    // Only a change of the searched columns (or the id) touches the index: a sign-in's time does not.
    const words = ['id', ...source.title, ...source.body];
    const row = (prefix: string) => `(select rowid from search_rows where kind = '${kind}' and ref = ${prefix}id)`;
    const insert = `insert into search_rows (kind, ref) values ('${kind}', new.id);
      insert into search_index (rowid, kind, title, body)
        values (${row('new.')}, '${kind}', ${joined('new.', source.title)}, ${joined('new.', source.body)});`;
    const remove = `delete from search_index where rowid = ${row('old.')};
      delete from search_rows where kind = '${kind}' and ref = old.id;`;
    await sql
      .raw(`create trigger ${source.table}_search_insert after insert on ${source.table} begin ${insert} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${source.table}_search_update after update of ${words.join(', ')} on ${source.table}
         begin ${remove} ${insert} end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger ${source.table}_search_delete after delete on ${source.table} begin ${remove} end`)
      .execute(db);
    // The rows already there.
    await sql.raw(`insert into search_rows (kind, ref) select '${kind}', id from ${source.table}`).execute(db);
    await sql
      .raw(
        `insert into search_index (rowid, kind, title, body)
         select r.rowid, '${kind}', ${joined('t.', source.title)}, ${joined('t.', source.body)}
         from ${source.table} t join search_rows r on r.kind = '${kind}' and r.ref = t.id`,
      )
      .execute(db);
  }
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create table search_vectors (
    kind varchar(20) not null,
    ref varchar(36) not null,
    newest varchar(30) not null,
    vector tsvector not null,
    primary key (kind, ref)
  )`.execute(db);
  await sql`create index search_vectors_idx on search_vectors using gin (vector)`.execute(db);
  for (const [kind, source] of Object.entries(SOURCES)) {
    const words = [...source.title, ...source.body];
    const vector = (prefix: string) => `to_tsvector('simple', ${joined(prefix, words)})`;
    await sql
      .raw(
        `create function ${source.table}_search() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            delete from search_vectors where kind = '${kind}' and ref = old.id;
            return old;
          end if;
          insert into search_vectors (kind, ref, newest, vector)
            values ('${kind}', new.id, new.${source.newest}, ${vector('new.')})
            on conflict (kind, ref) do update set newest = excluded.newest, vector = excluded.vector;
          return new;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${source.table}_search after insert or delete or update of ${['id', source.newest, ...words].join(', ')}
         on ${source.table} for each row execute function ${source.table}_search()`,
      )
      .execute(db);
    // The rows already there.
    await sql
      .raw(
        `insert into search_vectors (kind, ref, newest, vector)
         select '${kind}', id, ${source.newest}, ${vector('')} from ${source.table}`,
      )
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const source of Object.values(SOURCES)) {
      await sql.raw(`drop trigger ${source.table}_search on ${source.table}`).execute(db);
      await sql.raw(`drop function ${source.table}_search()`).execute(db);
    }
    await sql`drop table search_vectors`.execute(db);
    return;
  }
  for (const source of Object.values(SOURCES)) {
    for (const when of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger ${source.table}_search_${when}`).execute(db);
    }
  }
  await sql`drop table search_rows`.execute(db);
  await sql`drop table search_index`.execute(db);
}
