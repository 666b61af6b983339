/**
 * npm run check-storage
 *
 * Compares the stored files (DATA_DIR/uploads, or the S3 bucket when S3_BUCKET is set) with the rows
 * that refer to them, using the same environment as the server, and prints what the storage sweep
 * finds: rows whose files are missing, files no row refers to, and unfinished uploads. It changes
 * nothing, so it is safe while the server runs. Exit code 0 when rows and files agree, 1 otherwise.
 */
import fs from 'node:fs';
import { openDb, sqliteFile } from '#server/db/db.ts';
import { parseEnv } from '#server/env.ts';
import { fileOwners } from '#server/modules/media/index.ts';
import { createStorage, describeStorage } from '#server/storage/create-storage.ts';
import { SWEEP_MIN_AGE_MS, type SweepReport, sweepStorage } from '#server/storage/storage-sweep.ts';
import { OpsError, runScript } from './ops/embedded.ts';

/** Long lists are cut here: the first ones say what is wrong; the count says how much. */
const SHOWN = 20;

function section(title: string, lines: string[]): string[] {
  const shown = lines.slice(0, SHOWN).map((line) => `  ${line}`);
  if (lines.length > SHOWN) shown.push(`  … and ${lines.length - SHOWN} more`);
  return [`${title}: ${lines.length}`, ...shown];
}

function describeReport(report: SweepReport): string[] {
  const hour = `${SWEEP_MIN_AGE_MS / 3_600_000} h`;
  const batches = new Set(report.abandoned.map((e) => e.batch)).size;
  const out = [
    `Rows that refer to files: ${report.rows}. Stored files: ${report.files}.`,
    '',
    ...section(
      'Rows whose files are missing (nothing can restore them but a backup)',
      report.missing.map((row) => `${row.kind} ${row.id}: ${row.keys.join(', ')}`),
    ),
    ...section(`Files no row refers to, older than ${hour} (the sweep removes them)`, report.orphans),
    ...section(
      `Files of unfinished uploads in the staging area, older than ${hour} (the sweep removes them; ${batches} uploads)`,
      report.abandoned.map((e) => `${e.batch}: ${e.key}`),
    ),
    ...section('Files of saved rows still in the staging area (the sweep moves them into place)', report.restored),
    ...section(`Empty staging folders older than ${hour} (the sweep removes them)`, report.emptyBatches),
    `Files no row refers to yet, younger than ${hour} (uploads in flight; left alone): ${report.recent}`,
  ];
  if (report.refused) {
    out.push(
      '',
      'Most stored files look orphaned, so the sweep will not remove them: check that DATA_DIR or DATABASE_URL',
      "name this site's database.",
    );
  }
  return out;
}

const agrees = (report: SweepReport): boolean =>
  report.missing.length + report.orphans.length + report.abandoned.length + report.restored.length === 0;

async function main(): Promise<number> {
  const env = parseEnv();
  if (!env.DATABASE_URL && !fs.existsSync(sqliteFile(env.dataDir))) {
    throw new OpsError(`There is no database at ${sqliteFile(env.dataDir)}: check DATA_DIR.`);
  }
  const db = openDb({ dataDir: env.dataDir, databaseUrl: env.DATABASE_URL, poolSize: 2 });
  try {
    console.log(`Files: ${describeStorage(env)}`);
    console.log(`Database: ${env.DATABASE_URL ? 'PostgreSQL' : `SQLite in ${env.dataDir}`}`);
    const report = await sweepStorage(createStorage(env), fileOwners(db), { dryRun: true });
    for (const line of describeReport(report)) console.log(line);
    console.log('');
    console.log(agrees(report) ? 'Rows and files agree.' : 'Rows and files do not agree (see above).');
    return agrees(report) ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

runScript(main);
