// Admissions (`npm run bench -- admissions`): the applicant's side and the office's side of online admission on
// the built server as `npm start` runs it, SQLite, a fresh DATA_DIR, the load tools on the same machine.
//   1. one application accepted through the real page post, POST /admission/apply as multipart/form-data
//      (as a browser without JavaScript sends it) with a 3 MB camera JPEG, a 2-page PDF grade sheet and a
//      character certificate photo: median of 20, one after another;
//   2. /admission read alone on 100 connections for 10 s (p50/p99 before the rush; then nginx serving a static copy
//      of it read the same way, when nginx is installed), then a deadline rush: 300
//      applications from 50 concurrent clients while autocannon (its own process) reads /admission on 100
//      connections: errors, timeouts, why each refused application was refused (by field), /admission p50/p99
//      during the rush, the server's RSS at each phase and its peak; every accepted document drawn (how long, and
//      the peak RSS of the server and its photo process); then PACED_APPLICATIONS (150) applications arriving
//      one every 200 ms while the same readers read: what one parent waits when others apply at a rate (the
//      back-to-back rush's median is 50 clients over the server's throughput, whatever one post costs);
//   3. the office at 5,000 applications: /admin/applications pages and the CSV export (bench/applications-office.ts).
// Every post comes from 127.0.0.1, so the server runs with APPLICATION_MAX_PER_HOUR at its ceiling (10,000; the
// env refuses more); the output says so. Form tokens are fetched in advance and aged once past their minimum.
// The server runs with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072 as the systemd unit example sets them
// (docs/examples); set either to compare. RUSH_APPLICATIONS (300), PACED_APPLICATIONS (0: none) and ADMISSIONS_SKIP_OFFICE=1
// shorten a run. The readers are a closed loop by default: each connection asks again as soon as it is answered, so
// a read answered sooner brings another and takes more of the machine from the posts (the load tools share its
// cores). ADMISSIONS_READ_RATE=N holds them to N reads a second in all (autocannon's overallRate), as phones do: a
// page answered sooner brings no extra request, and two versions of the server compare at the same load.
// Prints figures beside their targets; never fails on slowness, only when it cannot measure.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { buildApplicationValues } from '#common/admission/application-form.test-values.ts';
import { adDateToBs } from '#common/dates/bs-date.ts';
import { FORM_TOKEN_FIELD, INQUIRY_FORM_TIMING } from '#common/inquiry.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { PROJECT_ROOT, startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { type OfficeReport, printApplicationsOffice, runApplicationsOffice } from './applications-office.ts';
import { adminCookie, bsDay, isoDay } from './lib/admin-write.ts';
import { median, percentile } from './lib/median.ts';
import { pidListeningOn, rssMb, treePssMb, watchPeak } from './lib/process-memory.ts';
import { hasNginx, startStaticNginx } from './lib/static-nginx.ts';

export const ADMISSIONS_TARGETS = {
  errors: 0,
  admissionP99Ms: 50,
  maxRssMb: 500,
  listPageMs: 50,
  /** A parent's Submit in the rush: answered before the documents are drawn. */
  postP50Ms: 1500,
  postP95Ms: 3000,
  /** Every accepted document drawn within this long of the rush's last post. */
  processedSeconds: 600,
} as const;
/** How long the bench waits for the documents after the rush before it reports them as not all drawn. */
const PROCESSING_WAIT_MS = 15 * 60_000;
const SINGLE_RUNS = 20;
const RUSH_APPLICATIONS = Number(process.env.RUSH_APPLICATIONS ?? 300);
const RUSH_CLIENTS = 50;
/**
 * The paced rush: applications arriving one every PACED_INTERVAL_MS whoever is still waiting, while the same 100
 * connections read /admission. Back to back, fifty clients' median is their number over the server's throughput
 * (Little's law), whatever a single post costs; arriving at a rate, a post's time is what a parent waits for it.
 */
const PACED_APPLICATIONS = Number(process.env.PACED_APPLICATIONS ?? 150);
const PACED_INTERVAL_MS = 200;
const READ_CONNECTIONS = 100;
/** Reads a second across the readers' connections (ADMISSIONS_READ_RATE), or null: as fast as they are answered. */
const READ_RATE = ((): number | null => {
  const text = process.env.ADMISSIONS_READ_RATE;
  if (text === undefined || text === '') return null;
  const rate = Number(text);
  if (!Number.isInteger(rate) || rate < 1)
    throw new Error(`ADMISSIONS_READ_RATE must be a whole number above 0, not ${text}`);
  return rate;
})();
// As long as a browser waits for an answer (Chromium: 300 s), so a slow acceptance is timed rather than cut off.
const POST_TIMEOUT_MS = 300_000;
const APPLICATION_LIMIT = '10000';
const QUIET_READ_SECONDS = 10;
/** glibc's malloc arenas: the unit example's setting (docs/examples/orbit-college@.service), unless told otherwise. */
const MALLOC_ARENA_MAX = process.env.MALLOC_ARENA_MAX ?? '2';
const MALLOC_MMAP_THRESHOLD = process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072';

export interface AdmissionsReport {
  cpus: number;
  loadAverageAtStart: number;
  /** The readers' rate in all (ADMISSIONS_READ_RATE), or null when each connection reads as fast as it is answered. */
  readRate: number | null;
  applicationLimitPerHour: number;
  mallocArenaMax: string;
  mallocMmapThreshold: string;
  files: { photoBytes: number; photoSize: string; gradeSheetBytes: number; characterBytes: number };
  single: { runs: number; medianMs: number; minMs: number; maxMs: number; accepted: number };
  rush: {
    applications: number;
    clients: number;
    seconds: number;
    accepted: number;
    errors: number;
    timeouts: number;
    statuses: Record<string, number>;
    /**
     * Why applications were not accepted, and how many times each: `field: message` for each field the form
     * marked, or the form's message when it marked none.
     */
    reasons: Record<string, number>;
    postP50Ms: number;
    postP95Ms: number;
    postMaxMs: number;
    /** Seconds from the last post until every document was drawn (null: not within the wait). */
    processedSeconds: number | null;
    /** Documents still waiting when the bench stopped waiting. */
    documentsLeft: number;
    /** Peak RSS of the server and its photo process together while the documents were drawn. */
    processingPeakRssMb: number;
    /** The same peak in proportional memory (Pss): the pages both processes share counted once. */
    processingPeakPssMb: number;
    admission: {
      connections: number;
      requests: number;
      rps: number;
      p50: number;
      p99: number;
      max: number;
      errors: number;
      timeouts: number;
      non2xx: number;
    };
    rssBeforeMb: number;
    peakRssMb: number;
  };
  /** Applications arriving at a steady rate while /admission is read (after the rush's documents are drawn). */
  paced: {
    applications: number;
    perSecond: number;
    accepted: number;
    postP50Ms: number;
    postP95Ms: number;
    postMaxMs: number;
    admission: ReaderFigures;
    peakRssMb: number;
  } | null;
  /** /admission read alone, before the rush. */
  quiet: ReaderFigures & { seconds: number; loadAverage: number; peakRssMb: number };
  /** nginx serving a static copy of /admission, read the same way right after (null without nginx). */
  quietNginx: ReaderFigures | null;
  /** The server's RSS after each phase (MB). */
  rssPhases: { firstStart: number; started: number; afterSingles: number; afterQuietRead: number; afterRush: number };
  office: OfficeReport | null;
}

interface ReaderFigures {
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** A 12-megapixel camera photo of about 3 MB: noise does not compress, so the JPEG keeps its size. */
export async function cameraPhoto(): Promise<Buffer> {
  let best: Buffer | null = null;
  for (const quality of [80, 85, 75, 90, 70]) {
    const body = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 16 },
      },
    })
      .jpeg({ quality })
      .toBuffer();
    if (!best || Math.abs(body.length - 3e6) < Math.abs(best.length - 3e6)) best = body;
    if (Math.abs(body.length - 3e6) < 300_000) break;
  }
  return best as Buffer;
}

/** A season open today (opened 10 days ago, closes in 20), published through the admin API; answers a programme id. */
export async function publishOpenSeason(baseUrl: string, cookie: string): Promise<string> {
  const post = async (url: string, body: object) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const year = adDateToBs(isoDay(0)).year;
  const season = await post('/api/admin/seasons', {
    name: `${year}/${String((year + 1) % 100).padStart(2, '0')}`,
    opensOn: bsDay(-10),
    closesOn: bsDay(20),
    lateClosesOn: '',
    lateFee: 0,
    entranceOn: '',
    resultsOn: '',
    admissionDeadline: bsDay(40),
    expectedEnrolment: 0,
    documentsEn: '',
    documentsNe: '',
  });
  const programme = await post(`/api/admin/seasons/${season.id}/programmes`, {
    nameEn: 'Management',
    nameNe: 'व्यवस्थापन',
    stream: 'Management',
    seats: 400,
    fees: [],
    admissionFeeForContinuing: false,
    feeApprovedBy: '',
    feeApprovedOn: '',
    feeReference: '',
    minGpa: 1.6,
    minGrades: [],
    applicationFee: 0,
    scholarshipSeats: {},
  });
  await post(`/api/admin/seasons/${season.id}/publish`, { belowMinimum: true });
  return programme.id;
}

const TOKEN = new RegExp(
  `name="${FORM_TOKEN_FIELD}"[^>]*?value="([^"]+)"|value="([^"]+)"[^>]*?name="${FORM_TOKEN_FIELD}"`,
  'u',
);

export async function formTokens(baseUrl: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${baseUrl}/admission/apply`);
    const html = await res.text();
    const m = TOKEN.exec(html);
    const token = m?.[1] ?? m?.[2];
    if (res.status !== 200 || !token) throw new Error(`GET /admission/apply gave no form token (${res.status})`);
    tokens.push(token.replaceAll('&amp;', '&'));
  }
  return tokens;
}

export interface Files {
  photo: Buffer;
  gradeSheet: Buffer;
  character: Buffer;
}

export interface PostOutcome {
  ms: number;
  status: number | 'timeout' | 'error';
  accepted: boolean;
  /** For a refusal: `field: message` per field marked, or the form's message. */
  reasons?: string[];
}

const FIELD_ERROR = /id="field-([\w-]+)-error" class="form-field__error">([^<]*)</gu;

/** Why the form answered did not accept the application, from its HTML. */
function refusalReasons(html: string, status: number): string[] {
  const fields = [...html.matchAll(FIELD_ERROR)].map((m) => `${m[1]}: ${m[2]}`);
  if (fields.length > 0) return fields;
  // The form's own words for a refusal (its alert).
  const said =
    /form-status__message--error"[^>]*>([^<]*)</u.exec(html)?.[1] ?? /<p role="alert">([^<]*)</u.exec(html)?.[1];
  return [said ?? `HTTP ${status}`];
}

/**
 * The form's bytes as a browser without JavaScript sends them (multipart/form-data: every field in the form's
 * order, the empty ones too, and the three files), made by hand: the documents' parts are the same in every post,
 * so they are encoded once. Encoded by the runtime's FormData for every post, the 50 clients' encoding took about
 * 25 ms of CPU a post, nearly half a core of the two the server has here; on the deadline evening each phone
 * encodes its own form.
 */
const BOUNDARY = `----OrbitBench${randomBytes(12).toString('hex')}`;
const filesPart = new WeakMap<Files, Buffer>();
const textPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
function documentsPart(files: Files): Buffer {
  let part = filesPart.get(files);
  if (part) return part;
  const file = (name: string, filename: string, type: string, body: Buffer) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from('\r\n'),
  ];
  part = Buffer.concat([
    ...file('file_photo', 'IMG_2041.jpg', 'image/jpeg', files.photo),
    ...file('file_grade-sheet', 'grade sheet.pdf', 'application/pdf', files.gradeSheet),
    ...file('file_character', 'character.jpg', 'image/jpeg', files.character),
  ]);
  filesPart.set(files, part);
  return part;
}

export async function postApplication(
  baseUrl: string,
  programme: string,
  symbol: string,
  token: string,
  files: Files,
): Promise<PostOutcome> {
  const values = buildApplicationValues(programme, { symbol_number: symbol, payment_method: 'counter' });
  const head = Object.entries(values)
    .map(([name, value]) => textPart(name, value))
    .join('');
  const tail = `${textPart('website', '')}${textPart(FORM_TOKEN_FIELD, token)}${textPart('upload_token', '')}--${BOUNDARY}--\r\n`;
  const parts = [Buffer.from(head), documentsPart(files), Buffer.from(tail)];
  const started = performance.now();
  try {
    const { status, html } = await sendParts(`${baseUrl}/admission/apply`, parts, {
      origin: baseUrl,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    });
    const ms = performance.now() - started;
    const accepted = status === 200 && /\b[A-Z]{2,4}-\d{4}-\d{4}\b/u.test(html);
    return { ms, status, accepted, ...(accepted ? {} : { reasons: refusalReasons(html, status) }) };
  } catch (error) {
    const ms = performance.now() - started;
    const timeout = error instanceof Error && error.name === 'TimeoutError';
    const status = timeout ? 'timeout' : 'error';
    return { ms, status, accepted: false, reasons: [timeout ? 'timeout' : `no answer: ${String(error)}`] };
  }
}

/** How the answer is read back in each encoding the request accepts. */
const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliDecompressSync(body),
  gzip: (body) => zlib.gunzipSync(body),
  deflate: (body) => zlib.inflateSync(body),
};

/** Kept-alive connections for the posts, as a phone's browser keeps its connection. */
const postAgent = new http.Agent({ keepAlive: true });

/**
 * Posts a body given in parts, each written as it is (the documents' part is shared by every post, never copied),
 * within POST_TIMEOUT_MS; answers the status and the page. node:http, not fetch: fetch copies a body it is given,
 * and its streams took most of the rest of the clients' CPU.
 */
function sendParts(url: string, parts: Buffer[], headers: Record<string, string>) {
  return new Promise<{ status: number; html: string }>((resolve, reject) => {
    const length = parts.reduce((sum, p) => sum + p.length, 0);
    const request = http.request(url, {
      method: 'POST',
      agent: postAgent,
      // As a browser asks: the server compresses the page it answers, as it would for a phone.
      headers: { ...headers, 'accept-encoding': Object.keys(DECODERS).join(', '), 'content-length': String(length) },
    });
    request.setTimeout(POST_TIMEOUT_MS, () => {
      const timeout = new Error(`no answer within ${POST_TIMEOUT_MS} ms`);
      timeout.name = 'TimeoutError';
      request.destroy(timeout);
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const decode = DECODERS[response.headers['content-encoding'] ?? ''];
        const html = decode ? decode(body) : body;
        resolve({ status: response.statusCode ?? 0, html: html.toString('utf8') });
      });
    });
    for (const part of parts.slice(0, -1)) request.write(part);
    request.end(parts.at(-1));
  });
}

interface ReaderResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/**
 * autocannon in a process of its own on `url` until stopped (its stdin closed), so the reads last exactly
 * as long as the rush; answers its figures.
 */
function startReader(url: string, connections: number): { ready: Promise<void>; stop: () => Promise<ReaderResult> } {
  const script = `
    import autocannon from 'autocannon';
    const instance = autocannon({ url: ${JSON.stringify(url)}, connections: ${connections}, duration: 3600, timeout: 10${READ_RATE ? `, overallRate: ${READ_RATE}` : ''} }, (err, result) => {
      if (err) { console.error(err); process.exit(1); }
      process.stdout.write(JSON.stringify(result));
      process.exit(0);
    });
    instance.on('response', () => { if (!globalThis.started) { globalThis.started = true; console.error('READY'); } });
    process.stdin.on('end', () => instance.stop());
    process.stdin.resume();
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: PROJECT_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      if (err.includes('READY')) resolve();
    });
    child.once('close', () => reject(new Error(`autocannon ended before it started: ${err}`)));
  });
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  return {
    ready,
    stop: async () => {
      child.stdin.end();
      const code = await closed;
      if (code !== 0) throw new Error(`autocannon exited with ${code}: ${err}`);
      return JSON.parse(out) as ReaderResult;
    },
  };
}

const readerFigures = (read: ReaderResult): ReaderFigures => ({
  connections: READ_CONNECTIONS,
  requests: read.requests.total,
  rps: Math.round(read.requests.average),
  p50: read.latency.p50,
  p99: read.latency.p99,
  max: read.latency.max,
  errors: read.errors,
  timeouts: read.timeouts,
  non2xx: read.non2xx,
});

export async function runAdmissions({ port }: { port: number }): Promise<AdmissionsReport> {
  const loadAverageAtStart = Math.round((os.loadavg()[0] ?? 0) * 10) / 10;
  const files: Files = {
    photo: await cameraPhoto(),
    gradeSheet: makePdf({ pages: 2 }),
    character: await sharp({
      create: {
        width: 1200,
        height: 1600,
        channels: 3,
        background: '#ffffff',
        noise: { type: 'gaussian', mean: 200, sigma: 20 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer(),
  };
  const meta = await sharp(files.photo).metadata();
  const fileFigures = {
    photoBytes: files.photo.length,
    photoSize: `${meta.width}x${meta.height}`,
    gradeSheetBytes: files.gradeSheet.length,
    characterBytes: files.character.length,
  };
  console.log(
    `Admissions: photo ${fileFigures.photoSize} JPEG ${(files.photo.length / 1e6).toFixed(2)} MB, grade sheet PDF (2 pages) ${Math.round(files.gradeSheet.length / 1024)} KB, character certificate JPEG ${Math.round(files.character.length / 1024)} KB`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-admissions-'));
  const healthToken = randomBytes(24).toString('base64url');
  const serverOptions = {
    port,
    dataDir,
    env: {
      APPLICATION_MAX_PER_HOUR: APPLICATION_LIMIT,
      // The 50 clients are one address here; on the deadline evening they are 50 phones.
      UPLOAD_FORMS_PER_ADDRESS: String(RUSH_CLIENTS),
      MALLOC_ARENA_MAX,
      MALLOC_MMAP_THRESHOLD_: MALLOC_MMAP_THRESHOLD,
      ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
      // Lets the bench read the document queue's depth from /api/health.
      HEALTH_TOKEN: healthToken,
    },
    // The demo content's photos are drawn at the first start: on a busy machine that took over two minutes.
    startTimeoutMs: 300_000,
  };
  // The first start of a fresh data folder seeds the demo content (its photos drawn); a site in its admissions rush
  // has been restarted since it was installed, so the season is published there and the server started again.
  const firstStart = await startLocalServer(serverOptions);
  stopOnSignals(firstStart.stop);
  let programme: string;
  let rssFirstStart: number;
  try {
    programme = await publishOpenSeason(
      firstStart.url,
      await adminCookie(firstStart.url, firstStart.adminEmail, firstStart.adminPassword),
    );
    rssFirstStart = rssMb(pidListeningOn(port));
  } finally {
    await firstStart.stop();
  }
  const server = await startLocalServer(serverOptions);
  stopOnSignals(server.stop);
  try {
    const pid = pidListeningOn(port);
    const rssStarted = rssMb(pid);
    let symbol = 20_000_000;

    // ---- 1. one application at a time --------------------------------------------------------------
    console.log(
      `Admissions: ${SINGLE_RUNS + 2} form tokens, then ${INQUIRY_FORM_TIMING.minSeconds + 1} s for them to age...`,
    );
    const singleTokens = await formTokens(server.url, SINGLE_RUNS + 2);
    await sleep((INQUIRY_FORM_TIMING.minSeconds + 1) * 1000);
    const singles: PostOutcome[] = [];
    for (const [i, token] of singleTokens.entries()) {
      const outcome = await postApplication(server.url, programme, String(symbol++), token, files);
      if (!outcome.accepted) {
        throw new Error(`POST /admission/apply was not accepted (${outcome.status}): cannot measure`);
      }
      if (i >= 2) singles.push(outcome); // two warm-ups
    }
    const singleMs = singles.map((s) => s.ms);
    console.log(`Admissions: one application, median ${Math.round(median(singleMs))} ms of ${singleMs.length}`);
    const rssAfterSingles = rssMb(pid);

    // ---- 2a. /admission read alone -----------------------------------------------------------------
    const quietLoad = Math.round((os.loadavg()[0] ?? 0) * 10) / 10;
    console.log(`Admissions: /admission read alone on ${READ_CONNECTIONS} connections for ${QUIET_READ_SECONDS} s...`);
    const quietWatch = watchPeak(pid, 100);
    const quietReader = startReader(`${server.url}/admission`, READ_CONNECTIONS);
    await quietReader.ready;
    await sleep(QUIET_READ_SECONDS * 1000);
    const quietRead = readerFigures(await quietReader.stop());
    const quietPeakRssMb = quietWatch.stop();
    const rssAfterQuietRead = rssMb(pid);
    // The yardstick: nginx (one worker) serving the bytes /admission answered, as a static file, read the same way.
    let nginxQuietRead: ReaderFigures | null = null;
    if (hasNginx()) {
      const page = Buffer.from(await (await fetch(`${server.url}/admission`)).arrayBuffer());
      const nginx = await startStaticNginx(port + 1, [{ name: 'admission', body: page, type: 'text/html' }]);
      try {
        console.log(`Admissions: nginx's static copy of /admission read the same way...`);
        const nginxReader = startReader(nginx.url('admission'), READ_CONNECTIONS);
        await nginxReader.ready;
        await sleep(QUIET_READ_SECONDS * 1000);
        nginxQuietRead = readerFigures(await nginxReader.stop());
      } finally {
        await nginx.stop();
      }
    }

    // ---- 2. the deadline rush ----------------------------------------------------------------------
    console.log(`Admissions: ${RUSH_APPLICATIONS} form tokens for the rush...`);
    const rushTokens = await formTokens(server.url, RUSH_APPLICATIONS);
    const pacedTokens = PACED_APPLICATIONS > 0 ? await formTokens(server.url, PACED_APPLICATIONS) : [];
    await sleep((INQUIRY_FORM_TIMING.minSeconds + 1) * 1000);
    await (await fetch(`${server.url}/admission`)).arrayBuffer();
    console.log(
      `Admissions: rush, ${RUSH_APPLICATIONS} applications from ${RUSH_CLIENTS} clients while ${READ_CONNECTIONS} connections read /admission...`,
    );
    const rssBeforeMb = rssMb(pid);
    const watch = watchPeak(pid, 100);
    const reader = startReader(`${server.url}/admission`, READ_CONNECTIONS);
    await reader.ready;
    const rushStarted = performance.now();
    const outcomes: PostOutcome[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: RUSH_CLIENTS }, async () => {
        for (;;) {
          const i = next++;
          if (i >= RUSH_APPLICATIONS) return;
          outcomes.push(await postApplication(server.url, programme, String(symbol++), rushTokens[i] as string, files));
        }
      }),
    );
    const lastPost = performance.now();
    const rushSeconds = Math.round((lastPost - rushStarted) / 100) / 10;
    const read = await reader.stop();
    const peakRssMb = watch.stop();
    // ---- 2b. the documents drawn after the answers -------------------------------------------------
    console.log('Admissions: waiting for the documents accepted in the rush to be drawn...');
    const treeWatch = watchPeak(pid, 250, { withChildren: true });
    const treePssWatch = watchPeak(pid, 250, { measure: treePssMb });
    let documentsLeft = Number.NaN;
    let processedSeconds: number | null = null;
    while (performance.now() - lastPost < PROCESSING_WAIT_MS) {
      const health = (await (
        await fetch(`${server.url}/api/health`, { headers: { authorization: `Bearer ${healthToken}` } })
      ).json()) as { documents?: { waiting: number } };
      documentsLeft = health.documents?.waiting ?? Number.NaN;
      if (documentsLeft === 0) {
        processedSeconds = Math.round((performance.now() - lastPost) / 1000);
        break;
      }
      await sleep(1000);
    }
    const processingPeakRssMb = treeWatch.stop();
    const processingPeakPssMb = treePssWatch.stop();
    // ---- 2c. applications arriving at a steady rate --------------------------------------------------
    let paced: AdmissionsReport['paced'] = null;
    if (PACED_APPLICATIONS > 0) {
      console.log(
        `Admissions: ${PACED_APPLICATIONS} applications arriving one every ${PACED_INTERVAL_MS} ms while ${READ_CONNECTIONS} connections read /admission...`,
      );
      const pacedWatch = watchPeak(pid, 100);
      const pacedReader = startReader(`${server.url}/admission`, READ_CONNECTIONS);
      await pacedReader.ready;
      const started = performance.now();
      const pacedOutcomes = await Promise.all(
        pacedTokens.map(async (token, i) => {
          await sleep(Math.max(0, started + i * PACED_INTERVAL_MS - performance.now()));
          return postApplication(server.url, programme, String(symbol++), token, files);
        }),
      );
      const pacedRead = readerFigures(await pacedReader.stop());
      const ms = pacedOutcomes.map((o) => o.ms);
      paced = {
        applications: PACED_APPLICATIONS,
        perSecond: 1000 / PACED_INTERVAL_MS,
        accepted: pacedOutcomes.filter((o) => o.accepted).length,
        postP50Ms: Math.round(median(ms)),
        postP95Ms: Math.round(percentile(ms, 95)),
        postMaxMs: Math.round(Math.max(...ms)),
        admission: pacedRead,
        peakRssMb: pacedWatch.stop(),
      };
    }
    const statuses: Record<string, number> = {};
    for (const o of outcomes) statuses[String(o.status)] = (statuses[String(o.status)] ?? 0) + 1;
    const reasons: Record<string, number> = {};
    for (const reason of outcomes.flatMap((o) => o.reasons ?? [])) reasons[reason] = (reasons[reason] ?? 0) + 1;
    const accepted = outcomes.filter((o) => o.accepted).length;
    const timeouts = outcomes.filter((o) => o.status === 'timeout').length;
    const rssAfterRush = rssMb(pid);
    await server.stop();

    // ---- 3. the office at 5,000 --------------------------------------------------------------------
    let office: OfficeReport | null = null;
    if (!process.env.ADMISSIONS_SKIP_OFFICE) {
      console.log('Admissions: the office at 5,000 applications...');
      office = await runApplicationsOffice({ port });
    }

    return {
      cpus: os.availableParallelism(),
      loadAverageAtStart,
      readRate: READ_RATE,
      applicationLimitPerHour: Number(APPLICATION_LIMIT),
      mallocArenaMax: MALLOC_ARENA_MAX,
      mallocMmapThreshold: MALLOC_MMAP_THRESHOLD,
      files: fileFigures,
      single: {
        runs: SINGLE_RUNS,
        medianMs: Math.round(median(singleMs)),
        minMs: Math.round(Math.min(...singleMs)),
        maxMs: Math.round(Math.max(...singleMs)),
        accepted: singles.filter((s) => s.accepted).length,
      },
      rush: {
        applications: RUSH_APPLICATIONS,
        clients: RUSH_CLIENTS,
        seconds: rushSeconds,
        accepted,
        errors: outcomes.length - accepted - timeouts,
        timeouts,
        statuses,
        reasons,
        postP50Ms: Math.round(median(outcomes.map((o) => o.ms))),
        postP95Ms: Math.round(
          percentile(
            outcomes.map((o) => o.ms),
            95,
          ),
        ),
        postMaxMs: Math.round(Math.max(...outcomes.map((o) => o.ms))),
        processedSeconds,
        documentsLeft,
        processingPeakRssMb,
        processingPeakPssMb,
        admission: readerFigures(read),
        rssBeforeMb,
        peakRssMb,
      },
      paced,
      quiet: { ...quietRead, seconds: QUIET_READ_SECONDS, loadAverage: quietLoad, peakRssMb: quietPeakRssMb },
      quietNginx: nginxQuietRead,
      rssPhases: {
        firstStart: rssFirstStart,
        started: rssStarted,
        afterSingles: rssAfterSingles,
        afterQuietRead: rssAfterQuietRead,
        afterRush: rssAfterRush,
      },
      office,
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** How the readers read: held to a rate, or each connection asking again as soon as it is answered. */
const readersPace = (r: AdmissionsReport) =>
  r.readRate ? ` (${r.readRate} reads a second in all)` : ' (each asking again as soon as it is answered)';

export function printAdmissions(r: AdmissionsReport): void {
  const t = ADMISSIONS_TARGETS;
  console.log(
    `\nAdmissions (${r.cpus} CPUs, load average ${r.loadAverageAtStart} at the start: other work on the machine slows every figure). All posts come from 127.0.0.1, so the server ran with APPLICATION_MAX_PER_HOUR=${r.applicationLimitPerHour} (the env's ceiling; 60 by default), UPLOAD_FORMS_PER_ADDRESS=${RUSH_CLIENTS} (2 by default), MALLOC_ARENA_MAX=${r.mallocArenaMax} and MALLOC_MMAP_THRESHOLD_=${r.mallocMmapThreshold}.`,
  );
  console.log(
    `\nOne application through POST /admission/apply (multipart, no JavaScript; photo ${r.files.photoSize} JPEG ${(r.files.photoBytes / 1e6).toFixed(2)} MB, 2-page PDF grade sheet, character certificate JPEG), median of ${r.single.runs}`,
  );
  console.table([
    {
      'median ms': r.single.medianMs,
      'min ms': r.single.minMs,
      'max ms': r.single.maxMs,
      accepted: `${r.single.accepted} of ${r.single.runs}`,
    },
  ]);
  const q = r.quiet;
  console.log(
    `\n/admission read alone before the rush: ${q.connections} connections${readersPace(r)} for ${q.seconds} s (load average ${q.loadAverage})`,
  );
  const nginx = r.quietNginx;
  console.table([
    {
      served: 'ours',
      'p50 ms': q.p50,
      'p99 ms': q.p99,
      target: `< ${t.admissionP99Ms}`,
      '': mark(q.p99 < t.admissionP99Ms),
      'max ms': q.max,
      'req/s': q.rps,
      'errors / timeouts / non-2xx': `${q.errors} / ${q.timeouts} / ${q.non2xx}`,
      'peak RSS MB': q.peakRssMb,
    },
    nginx
      ? {
          served: 'nginx, static copy',
          'p50 ms': nginx.p50,
          'p99 ms': nginx.p99,
          'max ms': nginx.max,
          'req/s': nginx.rps,
          'errors / timeouts / non-2xx': `${nginx.errors} / ${nginx.timeouts} / ${nginx.non2xx}`,
        }
      : { served: 'nginx not installed (apt-get install -y nginx): no yardstick' },
  ]);
  const s = r.rush;
  const a = s.admission;
  const errors = s.errors + s.timeouts + a.errors + a.timeouts + a.non2xx;
  console.log(
    `\nDeadline rush: ${s.applications} applications from ${s.clients} concurrent clients in ${s.seconds} s while autocannon read /admission on ${a.connections} connections${readersPace(r)}`,
  );
  console.table([
    {
      figure: 'applications accepted',
      value: `${s.accepted} of ${s.applications}`,
      target: `${s.applications}`,
      '': mark(s.accepted === s.applications),
    },
    {
      figure: 'application errors / timeouts',
      value: `${s.errors} / ${s.timeouts} (answers: ${Object.entries(s.statuses)
        .map(([k, n]) => `${k} x${n}`)
        .join(', ')})`,
      target: `${t.errors}`,
      '': mark(s.errors + s.timeouts === 0),
    },
    {
      figure: 'application post p50 ms',
      value: `${s.postP50Ms}`,
      target: `< ${t.postP50Ms}`,
      '': mark(s.postP50Ms < t.postP50Ms),
    },
    {
      figure: 'application post p95 / max ms',
      value: `${s.postP95Ms} / ${s.postMaxMs}`,
      target: `< ${t.postP95Ms}`,
      '': mark(s.postP95Ms < t.postP95Ms),
    },
    {
      figure: 'every document drawn, s after the last post',
      value: s.processedSeconds === null ? `not within the wait (${s.documentsLeft} left)` : `${s.processedSeconds}`,
      target: `< ${t.processedSeconds}`,
      '': mark(s.processedSeconds !== null && s.processedSeconds < t.processedSeconds),
    },
    {
      figure: 'server + photo process peak RSS while drawing, MB',
      value: `${s.processingPeakRssMb}`,
      target: `< ${t.maxRssMb}`,
      '': mark(s.processingPeakRssMb < t.maxRssMb),
    },
    {
      // RSS counts the node binary's and libraries' pages in each process that maps them; Pss divides them.
      figure: 'the same in proportional memory (Pss: shared pages counted once), MB',
      value: `${s.processingPeakPssMb}`,
      target: '',
      '': '',
    },
  ]);
  for (const [reason, n] of Object.entries(s.reasons)) console.log(`  not accepted x${n}: ${reason}`);
  console.table([
    {
      figure: '/admission errors / timeouts / non-2xx',
      value: `${a.errors} / ${a.timeouts} / ${a.non2xx}`,
      target: `${t.errors}`,
      '': mark(a.errors + a.timeouts + a.non2xx === 0),
    },
    { figure: '/admission requests (req/s)', value: `${a.requests} (${a.rps})`, target: '', '': '' },
    { figure: '/admission p50 ms', value: `${a.p50}`, target: '', '': '' },
    {
      figure: '/admission p99 ms (max)',
      value: `${a.p99} (${a.max})`,
      target: `< ${t.admissionP99Ms}`,
      '': mark(a.p99 < t.admissionP99Ms),
    },
    {
      figure: 'server RSS before / peak MB',
      value: `${s.rssBeforeMb} / ${s.peakRssMb}`,
      target: `< ${t.maxRssMb}`,
      '': mark(s.peakRssMb < t.maxRssMb),
    },
  ]);
  console.log(`(errors in total: ${errors}; target ${t.errors})`);
  const paced = r.paced;
  if (paced) {
    console.log(
      `\nPaced: ${paced.applications} applications arriving ${paced.perSecond} a second (whoever is still waiting) while autocannon read /admission on ${paced.admission.connections} connections${readersPace(r)}, after the rush's documents were drawn`,
    );
    console.table([
      {
        figure: 'applications accepted',
        value: `${paced.accepted} of ${paced.applications}`,
        target: `${paced.applications}`,
        '': mark(paced.accepted === paced.applications),
      },
      {
        figure: 'application post p50 ms',
        value: `${paced.postP50Ms}`,
        target: `< ${t.postP50Ms}`,
        '': mark(paced.postP50Ms < t.postP50Ms),
      },
      {
        figure: 'application post p95 / max ms',
        value: `${paced.postP95Ms} / ${paced.postMaxMs}`,
        target: `< ${t.postP95Ms}`,
        '': mark(paced.postP95Ms < t.postP95Ms),
      },
      {
        figure: '/admission p99 ms (max), req/s',
        value: `${paced.admission.p99} (${paced.admission.max}), ${paced.admission.rps}`,
        target: `< ${t.admissionP99Ms}`,
        '': mark(paced.admission.p99 < t.admissionP99Ms),
      },
      {
        figure: '/admission errors / timeouts / non-2xx',
        value: `${paced.admission.errors} / ${paced.admission.timeouts} / ${paced.admission.non2xx}`,
        target: `${t.errors}`,
        '': mark(paced.admission.errors + paced.admission.timeouts + paced.admission.non2xx === 0),
      },
      {
        figure: 'server peak RSS MB',
        value: `${paced.peakRssMb}`,
        target: `< ${t.maxRssMb}`,
        '': mark(paced.peakRssMb < t.maxRssMb),
      },
    ]);
  }
  const p = r.rssPhases;
  console.log(
    `Server RSS (MB) after the first start (demo photos drawn, season published) ${p.firstStart}, after starting again ${p.started}, after the single applications ${p.afterSingles}, after reading alone ${p.afterQuietRead} (peak ${q.peakRssMb}), peak in the rush ${s.peakRssMb}, after it ${p.afterRush}`,
  );
  if (r.office) printApplicationsOffice(r.office, t.listPageMs, t.maxRssMb);
  else console.log('(the office at 5,000 was skipped: ADMISSIONS_SKIP_OFFICE)');
}

if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`) {
  if (!fs.existsSync(path.join(PROJECT_ROOT, 'build', 'server', 'index.js'))) {
    console.error('No build: run `npm run build` first.');
    process.exit(1);
  }
  printAdmissions(await runAdmissions({ port: Number(process.env.BENCH_PORT ?? 3509) }));
}
