// `npm run security`: scans the real server with tools the project did not write, and fails on any
// finding of medium severity or above.
//   - sqlmap (batch mode, bounded level, risk and time) against the login and every API route that takes
//     input, signed in for the admin routes (session cookie and the same-origin Origin header);
//   - wapiti against the public site and the admin area (signed in), loopback only, bounded in time,
//     without the modules that call out to the internet (ssrf, xxe, wapp, nikto);
//   - cross-site request forgery, checked directly: every form action and API write refuses a request
//     from another origin (wapiti's csrf module only looks for a token field in forms; this site's
//     defence is the Origin check plus SameSite=Strict cookies, DESIGN.md "Authentication");
//   - the server's own log: any 5xx answer during the scans is a finding too.
// Installs nothing: sqlmap and wapiti come from Debian's packages (.ci/security.sh installs them).
// Reports are kept in .tmp/security/. SECURITY_PORT (3510), SECURITY_QUICK=1 (fewer targets) and
// SECURITY_ONLY=<comma list of sqlmap target names, wapiti-public, wapiti-admin> help by hand.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FORM_TOKEN_FIELD } from '#common/inquiry.ts';
import { PROJECT_ROOT, type LocalServer, signIn, startLocalServer, stopOnSignals } from './support/local-server.ts';

const PORT = Number(process.env.SECURITY_PORT ?? 3510);
const REPORT_DIR = path.join(PROJECT_ROOT, '.tmp', 'security');
/** Seconds one sqlmap target may take before it is stopped (and counted as not finished). */
const SQLMAP_TARGET_SECONDS = 150;
const WAPITI_SCAN_SECONDS = 150;
/** Wapiti levels: 0 info, 1 low, 2 medium, 3 high, 4 critical. */
const WAPITI_FAIL_LEVEL = 2;

type Outcome = 'clean' | 'FINDING' | 'not finished' | 'error';
interface Result {
  tool: string;
  target: string;
  outcome: Outcome;
  seconds: number;
  details: string[];
}
const results: Result[] = [];

function requireTool(name: string): void {
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status !== 0) {
    console.error(
      `${name} is not installed. Install the scanners from Debian's packages first:\n` +
        '  apt-get install -y sqlmap wapiti      (CI: .ci/security.sh does it)',
    );
    process.exit(2);
  }
}

/** Runs a command with a hard time limit; resolves with its output and whether it was stopped. */
function run(
  command: string,
  args: string[],
  seconds: number,
  env: NodeJS.ProcessEnv,
): Promise<{ output: string; timedOut: boolean; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The tool's own process group: sqlmap and wapiti start helpers of their own.
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, seconds * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ output, timedOut, code });
    });
  });
}

interface SqlmapTarget {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A `*` marks a path parameter to test; query parameters are tested as they are. */
  path: string;
  body?: unknown;
  admin?: boolean;
  /** Options replacing the default level and risk, and a time limit of its own. */
  options?: string[];
  seconds?: number;
}

const SOME_ID = '00000000-0000-4000-8000-000000000000';

function sqlmapTargets(quick: boolean): SqlmapTarget[] {
  const all: SqlmapTarget[] = [
    {
      name: 'login',
      method: 'POST',
      path: '/api/auth/login',
      body: { email: 'someone@orbit.test', password: 'not-the-password' },
      // Every attempt costs a real scrypt hash (on purpose, and the same for unknown e-mails): the
      // payloads for the engine the server runs on, at level 2, fit the time limit.
      options: ['--level=2', '--risk=1', '--dbms=SQLite'],
      seconds: 300,
    },
    { name: 'notices list', method: 'GET', path: '/api/notices?limit=2' },
    { name: 'images list', method: 'GET', path: '/api/images?folder=gallery' },
    {
      name: 'contact form',
      method: 'POST',
      path: '/api/inquiries',
      body: {
        first_name: 'Sita',
        last_name: 'Sharma',
        phone: '+977 9841000000',
        email: 'sita@example.com',
        subject: 'Admission',
        message: 'When does the admission close?',
      },
    },
    {
      name: 'vitals beacon',
      method: 'POST',
      path: '/api/vitals',
      body: { route: '/notices', metrics: [{ name: 'LCP', value: 1200 }] },
    },
    {
      name: 'admin: admission status',
      method: 'PUT',
      path: '/api/admin/admission',
      body: { status: 'ADMISSION OPEN' },
      admin: true,
    },
    {
      name: 'admin: add notice',
      method: 'POST',
      path: '/api/admin/notices',
      body: {
        title: 'Exam routine',
        description: 'The exam routine for grade eleven is out.',
        link: 'https://example.com/a',
      },
      admin: true,
    },
    { name: 'admin: delete notice', method: 'DELETE', path: `/api/admin/notices/${SOME_ID}*`, admin: true },
    { name: 'admin: images of a folder', method: 'GET', path: '/api/admin/images/gallery*', admin: true },
    { name: 'admin: delete image', method: 'DELETE', path: `/api/admin/images/${SOME_ID}*`, admin: true },
    {
      name: 'admin: mark inquiry',
      method: 'PATCH',
      path: `/api/admin/inquiries/${SOME_ID}*`,
      body: { handled: true },
      admin: true,
    },
    { name: 'admin: delete inquiry', method: 'DELETE', path: `/api/admin/inquiries/${SOME_ID}*`, admin: true },
  ];
  return quick ? all.filter((t) => ['login', 'notices list', 'admin: add notice'].includes(t.name)) : all;
}

async function sqlmap(
  server: LocalServer,
  cookie: string,
  target: SqlmapTarget,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const outDir = path.join(REPORT_DIR, 'sqlmap', target.name.replace(/\W+/gu, '-'));
  fs.rmSync(outDir, { recursive: true, force: true });
  const headers = [`Origin: ${server.url}`];
  if (target.body !== undefined) headers.push('Content-Type: application/json');
  const args = [
    '-u',
    `${server.url}${target.path}`,
    `--method=${target.method}`,
    `--headers=${headers.join('\\n')}`,
    '--batch',
    ...(target.options ?? ['--level=3', '--risk=2']),
    '--time-sec=1',
    '--timeout=10',
    '--retries=0',
    '--threads=2',
    '--ignore-code=400,401,403,404,409,413,415,429',
    '--flush-session',
    '--disable-coloring',
    `--output-dir=${outDir}`,
    '--answers=follow=N,keep testing=Y',
  ];
  if (target.body !== undefined) args.push(`--data=${JSON.stringify(target.body)}`);
  if (target.admin) args.push(`--cookie=${cookie}`, '--skip=orbit_session');
  const started = Date.now();
  const { output, timedOut } = await run('sqlmap', args, target.seconds ?? SQLMAP_TARGET_SECONDS, env);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'stdout.txt'), output);
  const seconds = (Date.now() - started) / 1000;
  const injectable = /identified the following injection point|is vulnerable|appears to be '.*' injectable/iu.test(
    output,
  );
  const logFile = path.join(outDir, '127.0.0.1', 'log');
  const logged = fs.existsSync(logFile) && fs.readFileSync(logFile, 'utf8').trim().length > 0;
  const outcome: Outcome = injectable || logged ? 'FINDING' : timedOut ? 'not finished' : 'clean';
  const details =
    injectable || logged
      ? output
          .split('\n')
          .filter((l) => /Parameter:|Type:|Title:|Payload:/u.test(l))
          .slice(0, 12)
      : [];
  if (outcome === 'clean' && !/do not appear to be injectable/iu.test(output)) {
    details.push(
      `sqlmap ended without its usual verdict: ${output.trim().split('\n').slice(-2).join(' ').slice(0, 200)}`,
    );
  }
  results.push({ tool: 'sqlmap', target: `${target.method} ${target.path}`, outcome, seconds, details });
}

interface WapitiReport {
  vulnerabilities?: Record<string, { level: string | number; method: string; path: string; info: string }[]>;
  anomalies?: Record<string, { level: string | number; method: string; path: string; info: string }[]>;
}

/**
 * Everything that needs no outside server: no ssrf/xxe (they call an endpoint on the internet), no wapp/nikto
 * (they download databases), no brute forcing of logins or paths.
 */
const WAPITI_ALL_MODULES =
  'backup,blindsql,cookieflags,crlf,csp,exec,file,htaccess,http_headers,methods,permanentxss,redirect,shellshock,sql,xss';

/**
 * What a scan crawls and attacks, and for how long. Wapiti runs each attack module for up to `attackSeconds` after a
 * crawl of up to `scanSeconds`; a scan stopped from outside leaves no report, so the budgets must fit in the time
 * it is given. The admin area is large (every form of the office's work): there the modules are those that attack
 * what its forms and queries take (injections, scripts, files, redirects); the headers, cookies and methods the
 * admin serves are the same as the public site's, which the public scan checks with every module.
 */
interface WapitiBudget {
  modules: string;
  scanSeconds: number;
  attackSeconds: number;
}

const WAPITI_PUBLIC: WapitiBudget = {
  modules: WAPITI_ALL_MODULES,
  scanSeconds: WAPITI_SCAN_SECONDS,
  attackSeconds: 40,
};
const WAPITI_ADMIN: WapitiBudget = {
  modules: 'blindsql,crlf,exec,file,permanentxss,redirect,sql,xss',
  scanSeconds: 90,
  attackSeconds: 10,
};

async function wapiti(
  server: LocalServer,
  name: string,
  startPath: string,
  extra: string[],
  env: NodeJS.ProcessEnv,
  budget: WapitiBudget,
): Promise<void> {
  const dir = path.join(REPORT_DIR, 'wapiti', name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const report = path.join(dir, 'report.json');
  // Wapiti loads every module, and its fingerprinting one downloads a database from the internet when it
  // finds none: an empty one (that module is not run) keeps the scan on the loopback interface.
  const configDir = path.join(dir, 'config');
  fs.mkdirSync(configDir, { recursive: true });
  fs.writeFileSync(path.join(configDir, 'apps.json'), '{}');
  const args = [
    '-u',
    `${server.url}${startPath}`,
    '--scope',
    'folder',
    '-m',
    budget.modules,
    '-d',
    '3',
    '--max-links-per-page',
    '60',
    '--max-scan-time',
    String(budget.scanSeconds),
    '--max-attack-time',
    String(budget.attackSeconds),
    '-t',
    '10',
    '--flush-session',
    '--store-session',
    path.join(dir, 'session'),
    '--store-config',
    configDir,
    // Wapiti asks for Brotli but this Python cannot decode it: it would see no links. Gzip it reads.
    '-H',
    'Accept-Encoding: gzip, deflate',
    '--no-bugreport',
    '-f',
    'json',
    '-o',
    report,
    '-v',
    '1',
    ...extra,
  ];
  const started = Date.now();
  // The crawl, each module's attack, and a minute for wapiti to start and write its report; five minutes at most.
  const limitSeconds = Math.min(budget.scanSeconds + budget.modules.split(',').length * budget.attackSeconds + 60, 300);
  const { output, timedOut } = await run('wapiti', args, limitSeconds, env);
  fs.writeFileSync(path.join(dir, 'stdout.txt'), output);
  const seconds = (Date.now() - started) / 1000;
  if (!fs.existsSync(report)) {
    results.push({
      tool: 'wapiti',
      target: name,
      outcome: timedOut ? 'not finished' : 'error',
      seconds,
      details: output.split('\n').slice(-8),
    });
    return;
  }
  // A crawl that found next to nothing scanned nothing: that is a broken scan, not a clean one.
  const crawled = Number(/found (\d+) URLs and forms/u.exec(output)?.[1] ?? 0);
  if (crawled < 5) {
    results.push({
      tool: 'wapiti',
      target: name,
      outcome: 'error',
      seconds,
      details: [`the crawl found only ${crawled} URLs and forms`],
    });
    return;
  }
  const parsed = JSON.parse(fs.readFileSync(report, 'utf8')) as WapitiReport;
  const details: string[] = [];
  let worst = -1;
  let findings = 0;
  for (const [kind, groups] of [
    ['vulnerability', parsed.vulnerabilities],
    ['anomaly', parsed.anomalies],
  ] as const) {
    for (const [category, items] of Object.entries(groups ?? {})) {
      for (const item of items) {
        const level = Number(item.level);
        worst = Math.max(worst, level);
        const line = `[level ${level}] ${kind} ${category}: ${item.method} ${item.path} ${item.info.replace(/\s+/gu, ' ').slice(0, 160)}`;
        if (level >= WAPITI_FAIL_LEVEL) {
          findings += 1;
          details.push(line);
        } else {
          details.push(`(below medium) ${line}`);
        }
      }
    }
  }
  details.unshift(`${crawled} URLs and forms crawled and attacked`);
  results.push({ tool: 'wapiti', target: name, outcome: findings > 0 ? 'FINDING' : 'clean', seconds, details });
}

/** Every state-changing endpoint must refuse a request from another site, or one that names no origin. */
async function crossSiteChecks(server: LocalServer, cookie: string): Promise<void> {
  // The contact form carries a real form token, so a refusal can only come from the origin check.
  const contactPage = await (await fetch(`${server.url}/contact`)).text();
  const token = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]+)"`, 'u').exec(contactPage)?.[1];
  if (!token) throw new Error('The contact page has no form token: the cross-site check cannot run.');
  const contactForm = `first_name=Asha&last_name=Rai&phone=9841000000&email=a%40b.co&subject=Admission&message=When+does+it+close%3F&${FORM_TOKEN_FIELD}=${encodeURIComponent(token)}`;
  const writes: [string, string, unknown][] = [
    ['POST', '/contact', contactForm],
    ['POST', '/login', 'email=a%40b.co&password=x'],
    ['POST', '/api/auth/login', { email: 'a@b.co', password: 'x' }],
    ['POST', '/api/auth/logout', {}],
    ['POST', '/api/inquiries', { first_name: 'A' }],
    ['POST', '/api/vitals', { route: '/', metrics: [{ name: 'LCP', value: 1 }] }],
    ['PUT', '/api/admin/admission', { status: 'ADMISSION OPEN' }],
    ['POST', '/api/admin/notices', { title: 'Hello there', description: 'one two three four five' }],
    ['DELETE', `/api/admin/notices/${SOME_ID}`, undefined],
    ['PATCH', `/api/admin/inquiries/${SOME_ID}`, { handled: true }],
  ];
  const accepted: string[] = [];
  for (const [method, urlPath, body] of writes) {
    for (const origin of ['https://evil.example', null]) {
      const headers: Record<string, string> = { cookie };
      if (origin) headers.origin = origin;
      let payload: string | undefined;
      if (typeof body === 'string') {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = body;
      } else if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
      const res = await fetch(`${server.url}${urlPath}`, { method, headers, body: payload, redirect: 'manual' });
      if (res.status !== 403) accepted.push(`${method} ${urlPath} from ${origin ?? 'no origin'}: ${res.status}`);
    }
  }
  // Control: the same contact post from the site itself is taken, so the 403s above are the origin check's.
  const own = await fetch(`${server.url}/contact`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: contactForm,
    redirect: 'manual',
  });
  if (own.status === 403) accepted.push(`control: POST /contact from the site itself was refused too (403)`);
  results.push({
    tool: 'cross-site check',
    target: `${writes.length} form actions and API writes`,
    outcome: accepted.length > 0 ? 'FINDING' : 'clean',
    seconds: 0,
    details: accepted,
  });
}

async function main(): Promise<void> {
  requireTool('sqlmap');
  requireTool('wapiti');
  const quick = process.env.SECURITY_QUICK === '1';
  const only = process.env.SECURITY_ONLY?.split(',').map((name) => name.trim());
  const chosen = (name: string) => !only || only.includes(name);
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-security-home-'));
  // sqlmap and wapiti keep settings and caches under the home folder: keep them out of the real one.
  const toolEnv: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    XDG_CACHE_HOME: path.join(home, 'cache'),
    XDG_DATA_HOME: path.join(home, 'data'),
  };

  console.log(`Starting the server on 127.0.0.1:${PORT} with a throwaway data folder...`);
  const server = await startLocalServer({
    port: PORT,
    env: {
      // Throttles high enough that the scanners reach the validation and the database, not the limiter.
      INQUIRY_MAX_PER_HOUR: '1000',
      LOGIN_MAX_FAILURES_PER_IP: '10000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
      LOG_LEVEL: 'error',
    },
  });
  const stop = async () => {
    await server.stop();
    fs.rmSync(home, { recursive: true, force: true });
  };
  stopOnSignals(stop);
  const started = Date.now();
  try {
    const cookie = await signIn(server);
    await crossSiteChecks(server, cookie);
    for (const target of sqlmapTargets(quick).filter((t) => chosen(t.name))) {
      process.stdout.write(`sqlmap: ${target.method} ${target.path} ... `);
      await sqlmap(server, cookie, target, toolEnv);
      const last = results[results.length - 1];
      console.log(`${last?.outcome} (${last?.seconds.toFixed(0)} s)`);
    }
    if (chosen('wapiti-public')) {
      process.stdout.write('wapiti: public site ... ');
      await wapiti(server, 'public', '/', [], toolEnv, WAPITI_PUBLIC);
      console.log(`${results[results.length - 1]?.outcome}`);
    }
    if (!quick && chosen('wapiti-admin')) {
      process.stdout.write('wapiti: admin area, signed in ... ');
      // A fresh session: sqlmap's requests did not touch it, but a scan must not depend on that.
      const adminCookie = await signIn(server);
      await wapiti(server, 'admin', '/admin/', ['-H', `Cookie: ${adminCookie}`], toolEnv, WAPITI_ADMIN);
      console.log(`${results[results.length - 1]?.outcome}`);
    }
    // Any 5xx during the scans was logged by the server's error handler as "request failed".
    const failures = server
      .log()
      .split('\n')
      .filter((l) => l.includes('"request failed"') || /"statusCode":5\d\d/u.test(l));
    results.push({
      tool: 'server log',
      target: '5xx answers during the scans',
      outcome: failures.length > 0 ? 'FINDING' : 'clean',
      seconds: 0,
      details: failures.slice(0, 5).map((l) => l.slice(0, 300)),
    });
  } finally {
    await stop();
  }

  const bad = results.filter((r) => r.outcome === 'FINDING' || r.outcome === 'error');
  const unfinished = results.filter((r) => r.outcome === 'not finished');
  console.log('\nSecurity scan summary');
  console.table(
    results.map((r) => ({ tool: r.tool, target: r.target, result: r.outcome, seconds: Math.round(r.seconds) })),
  );
  for (const r of results.filter((x) => x.details.length > 0)) {
    console.log(`\n${r.tool} ${r.target}:`);
    for (const line of r.details) console.log(`  ${line}`);
  }
  fs.writeFileSync(
    path.join(REPORT_DIR, 'summary.json'),
    JSON.stringify({ date: new Date().toISOString(), seconds: (Date.now() - started) / 1000, results }, null, 2),
  );
  console.log(`\nReports: ${path.relative(PROJECT_ROOT, REPORT_DIR)}/ (sqlmap/, wapiti/, summary.json)`);
  if (unfinished.length > 0)
    console.log(`${unfinished.length} scan(s) reached their time limit before finishing (not a finding).`);
  if (bad.length > 0) {
    console.error(`\n✖ ${bad.length} finding(s) of medium severity or above, or a scanner error.`);
    process.exit(1);
  }
  console.log(`\n✔ No finding of medium severity or above (${Math.round((Date.now() - started) / 1000)} s).`);
}

await main();
