// Results look-up (`npm run bench -- results`): the morning the entrance results come out, on the built server
// as `npm start` runs it, SQLite, a fresh DATA_DIR, wrk on the same machine.
//   1. 2,000 applicants with roll numbers and marks are written into the data folder; the office publishes now
//      through the admin API (states, offers, messages, the look-up built in memory);
//   2. 200 connections for RS_SECONDS on POST /api/admission/results with random roll numbers and their dates
//      of birth, one in ten with a wrong date of birth; then 200 connections on /admission. Every request comes
//      from 127.0.0.1, so for this the server runs with RESULTS_LOOKUP_FAILURES_PER_HOUR at its ceiling
//      (1,000,000): the 10 % misses would otherwise close the address after 20. Memory before, peak, after idle;
//      The look-up's answer is set beside the same bytes served by nginx (one worker, a static file, GET: nginx
//      serves no POST) with the same connections and seconds, in the same run: the ratio says how far from the
//      machine's limit the look-up is, whatever else the machine was doing (RS_NGINX_PORT, BENCH_PORT + 1);
//   The server runs with MALLOC_ARENA_MAX=2 as the systemd unit example sets it (docs/examples); set
//   MALLOC_ARENA_MAX to compare.
//   3. the server started again with the default limit (20): one address tries 1,000 dates of birth for one roll
//      number, one after another, and the answers are counted (404 until the limit, 429 after).
// Prints figures beside the targets; never fails on slowness, only when it cannot measure.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDb } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { seedApplications } from '#server/test-support/applications.ts';
import { seatCandidates } from '#server/test-support/entrance-candidates.ts';
import { startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { adminCookie } from './lib/admin-write.ts';
import { pidListeningOn, rssMb, watchPeak } from './lib/process-memory.ts';
import { hasNginx, startStaticNginx } from './lib/static-nginx.ts';
import { WRK, type WrkFigures, wrk } from './lib/wrk.ts';

export const RESULTS_TARGETS = { errors: 0, timeouts: 0, lookupP99Ms: 50, maxRssMb: 500, idleGrowth: 0.15 } as const;
const APPLICANTS = Number(process.env.RS_APPLICANTS ?? 2000);
const CONNECTIONS = Number(process.env.RS_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.RS_SECONDS ?? 60);
const IDLE_SECONDS = Number(process.env.RS_IDLE ?? 60);
const WALK = 1000;
const MALLOC_ARENA_MAX = process.env.MALLOC_ARENA_MAX ?? '2';

export interface ResultsReport {
  applicants: number;
  cpus: number;
  publishMs: number;
  lookup: WrkFigures;
  /** The look-up's found answer as a static file served by nginx, same load; null without nginx. */
  nginx: WrkFigures | null;
  admission: WrkFigures;
  /** The load average (1 minute) when the look-up's load started and when /admission's ended. */
  load: [number, number];
  /** afterLookup: at the end of the look-up's load, before /admission's (which part of the growth is whose). */
  memoryMb: {
    before: number;
    warm: number;
    afterLookup: number;
    /** The highest RSS during the look-up's load, and during /admission's. */
    peakLookup: number;
    peakAdmission: number;
    peak: number;
    afterIdle: number;
  };
  mallocArenaMax: string;
  walk: { tries: number; notFound: number; limited: number; other: number; firstLimitedAt: number | null };
}

/** wrk's requests: a random applicant's roll number and date of birth, one in ten with a wrong date of birth. */
function lookupScript(pairs: { roll: number; birth: string }[], origin: string): string {
  const rows = pairs.map((p) => `{${p.roll},"${p.birth}"}`).join(',');
  return `
local pairs_ = {${rows}}
math.randomseed(os.time())
wrk.method = "POST"
wrk.headers["content-type"] = "application/json"
wrk.headers["origin"] = "${origin}"
request = function()
  local p = pairs_[math.random(#pairs_)]
  local birth = p[2]
  if math.random(10) == 1 then birth = "2050-01-01" end
  return wrk.format(nil, "/api/admission/results", nil, '{"rollNumber":"' .. p[1] .. '","birthDate":"' .. birth .. '"}')
end
`;
}

/** The look-up's answer served by nginx as a static file under the look-up's load; null without nginx. */
async function staticBeside(answer: Buffer, port: number): Promise<WrkFigures | null> {
  if (!hasNginx()) {
    console.log('Results: nginx not installed (apt-get install -y nginx): no ratio to a static file.');
    return null;
  }
  console.log(`Results: the same answer as a static file from nginx, ${CONNECTIONS} connections for ${SECONDS} s...`);
  const nginx = await startStaticNginx(Number(process.env.RS_NGINX_PORT ?? port + 1), [
    { name: 'result.json', body: answer, type: 'application/json' },
  ]);
  try {
    return await wrk(nginx.url('result.json'), { connections: CONNECTIONS, seconds: SECONDS });
  } finally {
    await nginx.stop();
  }
}

export async function runResults({ port }: { port: number }): Promise<ResultsReport> {
  if (!fs.existsSync(WRK)) throw new Error(`wrk not found at ${WRK}: apt-get install -y wrk (or set WRK_PATH).`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-results-'));
  const adminEnv = { ADMIN_PASSWORD: randomBytes(18).toString('base64url'), SEED_DEMO: 'false' };
  let stop: (() => Promise<void>) | null = null;
  try {
    const first = await startLocalServer({ port, dataDir, env: { ...adminEnv, MALLOC_ARENA_MAX } });
    await first.stop();
    console.log(`Results: writing ${APPLICANTS} applicants with roll numbers and marks...`);
    const db = openDb({ dataDir });
    const pairs: { roll: number; birth: string }[] = [];
    let seasonId = '';
    try {
      const f = await seedApplications(db, createLocalStorage(uploadsDir(dataDir)), {
        count: APPLICANTS,
        withFiles: 0,
        seats: { science: 300, management: 200 },
        override: () => ({ row: { state: 'fee-verified' }, payment: 'verified' }),
      });
      seasonId = f.seasonId;
      const rows = await db
        .selectFrom('applications')
        .select(['id', 'birth_date'])
        .where('season_id', '=', f.seasonId)
        .execute();
      const seats = rows.map((r, i) => ({
        applicationId: r.id,
        rollNumber: 10001 + i,
        marksHundredths: (i * 7919) % 10001,
        absent: i % 50 === 0,
      }));
      await seatCandidates(
        db,
        f.seasonId,
        seats.map((s) => ({ ...s, marksHundredths: s.absent ? null : s.marksHundredths })),
      );
      rows.forEach((r, i) => pairs.push({ roll: 10001 + i, birth: r.birth_date }));
    } finally {
      await db.destroy();
    }

    const server = await startLocalServer({
      port,
      dataDir,
      env: { ...adminEnv, MALLOC_ARENA_MAX, RESULTS_LOOKUP_FAILURES_PER_HOUR: '1000000' },
    });
    stop = server.stop;
    stopOnSignals(server.stop);
    const pid = pidListeningOn(port);
    const before = rssMb(pid);
    const cookie = await adminCookie(server.url, server.adminEmail, adminEnv.ADMIN_PASSWORD);
    const headers = { 'content-type': 'application/json', origin: server.url, cookie };
    const settings = await fetch(`${server.url}/api/admin/merit/${seasonId}/settings`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        rules: ['marks', 'gpa', 'mathematics', 'science', 'english', 'older'],
        passMark: 30,
        fullMarks: 100,
        showMarks: true,
        listNames: true,
        autoOffer: true,
        confirmDays: 7,
      }),
    });
    if (settings.status !== 200) throw new Error(`settings: ${settings.status} ${await settings.text()}`);
    const t0 = performance.now();
    const published = await fetch(`${server.url}/api/admin/merit/${seasonId}/publish`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    if (published.status !== 200) throw new Error(`publish: ${published.status} ${await published.text()}`);
    const publishMs = Math.round(performance.now() - t0);
    // One look-up builds the map if the publish's rebuild has not finished.
    const probe = await fetch(`${server.url}/api/admission/results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ rollNumber: String(pairs[1]!.roll), birthDate: pairs[1]!.birth }),
    });
    if (probe.status !== 200) throw new Error(`look-up probe: ${probe.status} ${await probe.text()}`);
    const answer = Buffer.from(await probe.arrayBuffer());

    const warm = rssMb(pid);
    const loadBefore = os.loadavg()[0]!;
    const lookupPeak = watchPeak(pid);
    console.log(`Results: ${CONNECTIONS} connections for ${SECONDS} s on the look-up, then on /admission...`);
    const lookup = await wrk(`${server.url}/api/admission/results`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      script: lookupScript(pairs, server.url),
    });
    const peakLookup = lookupPeak.stop();
    const afterLookup = rssMb(pid);
    const nginx = await staticBeside(answer, port);
    const admissionPeak = watchPeak(pid);
    const admission = await wrk(`${server.url}/admission`, { connections: CONNECTIONS, seconds: SECONDS });
    const loadAfter = os.loadavg()[0]!;
    const peakAdmission = admissionPeak.stop();
    console.log(`Results: ${IDLE_SECONDS} s idle...`);
    await sleep(IDLE_SECONDS * 1000);
    const afterIdle = rssMb(pid);
    await server.stop();
    stop = null;

    // The load's misses (all from 127.0.0.1) were counted in the stopped server's memory: the walk starts clean.
    console.log(`Results: ${WALK} dates of birth for one roll number from one address (default limit)...`);
    const limited = await startLocalServer({ port, dataDir, env: adminEnv });
    stop = limited.stop;
    const walk = { tries: 0, notFound: 0, limited: 0, other: 0, firstLimitedAt: null as number | null };
    for (let i = 0; i < WALK; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      const month = String((Math.floor(i / 28) % 12) + 1).padStart(2, '0');
      const year = 2060 + Math.floor(i / 336);
      const res = await fetch(`${limited.url}/api/admission/results`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: limited.url },
        body: JSON.stringify({ rollNumber: String(pairs[0]!.roll), birthDate: `${year}-${month}-${day}` }),
      });
      await res.arrayBuffer();
      walk.tries++;
      if (res.status === 404) walk.notFound++;
      else if (res.status === 429) {
        walk.limited++;
        walk.firstLimitedAt ??= i + 1;
      } else walk.other++;
    }
    await limited.stop();
    stop = null;
    return {
      applicants: APPLICANTS,
      cpus: os.cpus().length,
      publishMs,
      lookup,
      nginx,
      admission,
      load: [loadBefore, loadAfter],
      memoryMb: {
        before,
        warm,
        afterLookup,
        peakLookup,
        peakAdmission,
        peak: Math.max(peakLookup, peakAdmission),
        afterIdle,
      },
      mallocArenaMax: MALLOC_ARENA_MAX,
      walk,
    };
  } finally {
    if (stop) await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printResults(r: ResultsReport): void {
  const T = RESULTS_TARGETS;
  const row = (w: WrkFigures) =>
    `${w.url.padEnd(26)} ${String(w.requests).padStart(8)} req  ${String(w.rps).padStart(8)}/s  p50 ${w.p50} ms  p99 ${w.p99} ms  max ${w.max} ms  errors ${w.errors}  timeouts ${w.timeouts}`;
  console.log(`\nResults look-up (${r.applicants} applicants, ${r.cpus} cores; publishing took ${r.publishMs} ms)`);
  console.log(`  ${row(r.lookup)}   (target p99 < ${T.lookupP99Ms} ms, 0 errors, 0 timeouts; 10 % are 404s by design)`);
  if (r.nginx) {
    const n = r.nginx;
    const ratio = (ours: number, theirs: number) => (theirs > 0 ? (ours / theirs).toFixed(1) : '-');
    console.log(`  ${row(n)}   (nginx, the same answer as a static file)`);
    console.log(
      `  look-up / nginx: p50 ${ratio(r.lookup.p50, n.p50)}x, p99 ${ratio(r.lookup.p99, n.p99)}x, requests/s ${ratio(r.lookup.rps, n.rps)}x`,
    );
  }
  console.log(`  ${row(r.admission)}`);
  console.log(
    `  load average (1 min): ${r.load[0].toFixed(1)} at the look-up's start, ${r.load[1].toFixed(1)} at /admission's end`,
  );
  const growth = r.memoryMb.warm > 0 ? (r.memoryMb.afterIdle - r.memoryMb.warm) / r.memoryMb.warm : 0;
  console.log(
    `  memory (MALLOC_ARENA_MAX=${r.mallocArenaMax}): before ${r.memoryMb.before} MB, warm ${r.memoryMb.warm} MB, peak during the look-up ${r.memoryMb.peakLookup} MB, after it ${r.memoryMb.afterLookup} MB, peak during /admission ${r.memoryMb.peakAdmission} MB; peak ${r.memoryMb.peak} MB (target < ${T.maxRssMb}), after idle ${r.memoryMb.afterIdle} MB (${Math.round(growth * 100)} % of warm; target within ${T.idleGrowth * 100} %)`,
  );
  console.log(
    `  ${r.walk.tries} dates of birth for one roll number: ${r.walk.notFound} not found, ${r.walk.limited} refused (429) from try ${r.walk.firstLimitedAt ?? '-'}, ${r.walk.other} other`,
  );
}
