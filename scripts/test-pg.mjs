// `npm run test:pg`: the database, API, storage, operations and scale tests against PostgreSQL.
// Needs DATABASE_URL naming a server where the role may CREATE DATABASE: every test file gets a fresh
// database of its own there (server/test-support/test-database.ts) and drops it afterwards.
// CI: `source .ci/services.sh` starts a throwaway cluster and exports DATABASE_URL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countsLine, readJson, vitestCounts, vitestFailures, withExitStatus } from './test-counts.mjs';

const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//u.test(url)) {
  console.error(
    'npm run test:pg needs DATABASE_URL=postgres://USER@HOST:PORT/DB (a role allowed to create databases).\n' +
      'For a throwaway local cluster: source .ci/services.sh && npm run test:pg',
  );
  process.exit(2);
}

// The test files under server/, scripts/, app/lib/ and app/admission/ (whose page loaders and writes are tested
// on the real services) that open a database: every repository, API, storage and script test, including those
// added later. A file that names none of the ways a test reaches a database (the test apps, the test database, the
// services, openDb, the migrations, DATABASE_URL) is a pure unit test, already run on this Node by `npm test`:
// it is not run again here. common/ and the components never touch a database.
const DATABASE_SUITES = ['server', 'scripts', path.join('app', 'lib'), path.join('app', 'admission')];
const OPENS_A_DATABASE =
  /test-support\/|test-app|TestDb|TestApp|ScratchDatabase|testDatabase|DATABASE_URL|openDb|buildApp|createServices|#server\/db\/|migrate/u;

function databaseTestFiles() {
  const files = DATABASE_SUITES.flatMap((dir) =>
    fs
      .readdirSync(dir, { recursive: true })
      .map((name) => path.join(dir, String(name)))
      .filter((file) => /\.test\.tsx?$/u.test(file) && !file.includes('node_modules')),
  );
  const chosen = files.filter((file) => OPENS_A_DATABASE.test(fs.readFileSync(file, 'utf8')));
  console.log(
    `${chosen.length} of ${files.length} test files open a database; the other ${files.length - chosen.length} ran in npm test.`,
  );
  return chosen.sort();
}

// PG_ALL_UNIT_TESTS=1: the whole unit suite, the pure unit tests with the database ones. CI runs this pass on
// Node 24, where nothing else runs the unit tests, so that each of them runs once on each Node.
const allUnitTests = process.env.PG_ALL_UNIT_TESTS === '1';

const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-test-pg-'));
const runs = [
  allUnitTests
    ? { title: 'Unit tests, the database, API and storage ones on PostgreSQL', args: ['vitest', 'run'] }
    : { title: 'Database, API and storage tests on PostgreSQL', args: ['vitest', 'run', ...databaseTestFiles()] },
  {
    title: 'Operations and scale tests on PostgreSQL (server processes)',
    args: ['vitest', 'run', '--config', 'vitest.ops.config.ts'],
  },
];

const total = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
let status = 0;
console.log(`PostgreSQL pass on Node ${process.version}: ${url.replace(/\/\/([^:@/]+):[^@/]*@/u, '//$1:***@')}`);
for (const [i, run] of runs.entries()) {
  console.log(`\n━━ [${i + 1}/${runs.length}] ${run.title}`);
  const json = path.join(resultsDir, `${i}.json`);
  const result = spawnSync('npx', [...run.args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], {
    stdio: 'inherit',
    env: process.env,
  });
  const ok = result.status === 0;
  const report = readJson(json);
  const counts = withExitStatus(vitestCounts(report), { ok, expectsReport: true });
  failures.push(...vitestFailures(report));
  for (const key of Object.keys(total)) total[key] += counts[key];
  if (!ok || counts.failed > 0) status = result.status || 1;
}
fs.rmSync(resultsDir, { recursive: true, force: true });
if (failures.length > 0) console.log(`\nFailed on PostgreSQL:\n${failures.map((f) => `  ✖ ${f}`).join('\n')}`);
console.log(`\n${countsLine(total)}`);
process.exit(status);
