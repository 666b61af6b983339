/**
 * Puts the site online on a Debian or Ubuntu server, as root: npm run setup -- --domain college.edu.np
 * Checks the machine, prints what it will do, then does it: Caddy (HTTPS, HTTP -> HTTPS), the app's
 * environment file, a system user, the systemd unit, the build, the start, and a health check over HTTPS.
 * Run again, it changes only what is not already right. --dry-run prints every file and command only.
 */
import dns from 'node:dns/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { SETUP_USAGE, type SetupOptions, UsageError, parseSetupArgs } from './setup/args.ts';
import {
  type FileChange,
  caddyfileText,
  fileChange,
  managedEnv,
  mergeEnvFile,
  setupPaths,
  unitText,
} from './setup/files.ts';
import { appEnvironment, appCommand as appRunCommand } from './setup/app-process.ts';
import { domainVerdict, supportedSystem } from './setup/machine.ts';
import { SetupError, listeners, mustRun, pidAlive, run, startDetached, stopPid, waitForHttps } from './setup/system.ts';
import { sqliteFile } from '../server/db/db.ts';
import { freshBundle } from '../server/startup/server-bundle.mjs';

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Step {
  name: string;
  /** 'already right', or what the step changes. */
  change: string;
  /** Files and commands, printed by --dry-run. */
  details: string[];
  apply?: () => Promise<void> | void;
}

const read = (file: string): string | undefined => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);

async function ask(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

async function interactive(options: SetupOptions): Promise<SetupOptions> {
  if (options.domain || !process.stdin.isTTY) return options;
  const domain = await ask("The site's domain (its DNS record must point at this server), like college.edu.np: ");
  const email = await ask("An e-mail address for Let's Encrypt's expiry notices (Enter to skip): ");
  const name = options.name
    ? ''
    : await ask("The college's name, for a new site (Enter to name it later in the admin): ");
  return parseSetupArgs([
    ...process.argv.slice(2),
    '--domain',
    domain,
    ...(email ? ['--email', email] : []),
    ...(name ? ['--name', name] : []),
  ]);
}

/**
 * The service user must read the app's folder: every folder above it open to others, and not under a
 * home folder, which the unit's ProtectHome=true hides from the service.
 */
function appDirProblems(systemd: boolean): string[] {
  const move = 'move the app (this folder, with its node_modules) to /opt/orbit-college and run setup there';
  if (systemd && /^\/(home|root|run\/user)(\/|$)/u.test(APP_DIR))
    return [`The app is in ${APP_DIR}, a home folder the service cannot see (ProtectHome): ${move}.`];
  for (let dir = APP_DIR; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o005) !== 0o005)
      return [`${dir} is not readable by other users, so the service user cannot run the app: ${move}.`];
  }
  return [];
}

/** Every reason to stop before touching anything, as plain sentences. */
async function refusals(o: SetupOptions & { domain: string }): Promise<string[]> {
  const problems: string[] = [];
  problems.push(...appDirProblems(o.systemd));
  const system = supportedSystem(read('/etc/os-release'));
  if (!system.ok) problems.push(`This system (${system.name}) is not Debian or Ubuntu: setup supports only those.`);
  if (process.getuid?.() !== 0 && !o.dryRun)
    problems.push('Setup must run as root (it installs Caddy and writes to /etc): run it with sudo.');
  for (const port of [80, 443]) {
    const holders = listeners(port).filter((name) => name !== 'caddy');
    if (holders.length)
      problems.push(`Port ${port} is taken by ${holders.join(', ')}: stop it (Caddy must answer on 80 and 443).`);
  }
  const appHolders = listeners(o.port);
  const ours = o.systemd
    ? run('systemctl', ['is-active', `orbit-college@${o.port}`]).stdout.trim() === 'active'
    : pidAlive(path.join(setupPaths(o.prefix).runDir, 'app.pid')) !== undefined;
  if (appHolders.length && !ours)
    problems.push(`Port ${o.port} is taken by ${appHolders.join(', ')}: choose another with --port.`);
  let resolved: string[] = [];
  try {
    resolved = (await dns.lookup(o.domain, { all: true })).map((a) => a.address);
  } catch {
    // no address: the verdict says so
  }
  const local = Object.values(os.networkInterfaces())
    .flat()
    .map((i) => i?.address)
    .filter((a): a is string => Boolean(a));
  const verdict = domainVerdict(resolved, local);
  if (verdict.ok === false)
    problems.push(
      `${o.domain} does not point at this machine: ${verdict.reason}. Set its DNS A record to this server's address and wait for it to spread.`,
    );
  else if (verdict.ok === 'unknown') console.log(`Note: ${verdict.reason}.`);
  return problems;
}

function fileStep(
  name: string,
  file: string,
  wanted: string,
  mode: number,
  after?: () => void,
): Step & { fileChange: FileChange } {
  const change = fileChange(read(file), wanted);
  return {
    name,
    fileChange: change,
    change: change === 'already right' ? 'already right' : `${change} ${file}`,
    details: [`--- ${file} (mode ${mode.toString(8)}) ---`, wanted.replace(/\n$/u, ''), '--- end ---'],
    apply: () => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, wanted, { mode });
      fs.chmodSync(file, mode);
      after?.();
    },
  };
}

async function plan(
  o: SetupOptions & { domain: string },
): Promise<{ steps: Step[]; appEnv: NodeJS.ProcessEnv; caFile?: string }> {
  const paths = setupPaths(o.prefix);
  const steps: Step[] = [];
  const caddyInstalled = run('dpkg-query', ['-W', '-f=${Status}', 'caddy']).stdout.includes('install ok installed');
  steps.push({
    name: 'Caddy (HTTPS proxy)',
    change: caddyInstalled ? 'already right' : 'install the Debian package caddy',
    details: caddyInstalled ? [] : ['apt-get update', 'apt-get install -y caddy'],
    apply: () => {
      // Without systemd, setup starts Caddy itself: the package must not start its own daemon on port 80
      // (Debian's policy-rc.d convention, exit 101: "do not start services").
      const policy = '/usr/sbin/policy-rc.d';
      const holdDaemon = !o.systemd && !fs.existsSync(policy);
      if (holdDaemon) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
      try {
        mustRun('apt-get', ['update', '-q']);
        mustRun('apt-get', ['install', '-y', '-q', 'caddy'], {
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        });
      } finally {
        if (holdDaemon) fs.rmSync(policy, { force: true });
      }
    },
  });

  const userExists = run('getent', ['passwd', o.user]).status === 0;
  const useradd = ['--system', '--home-dir', paths.dataDir, '--no-create-home', '--shell', '/usr/sbin/nologin', o.user];
  steps.push({
    name: `System user ${o.user}`,
    change: userExists ? 'already right' : `create the system user ${o.user}`,
    details: userExists ? [] : [`useradd ${useradd.join(' ')}`],
    apply: () => mustRun('useradd', useradd),
  });

  const owner = fs.existsSync(paths.dataDir) ? fs.statSync(paths.dataDir) : undefined;
  const uid = Number(run('id', ['-u', o.user]).stdout.trim());
  const dataRight = owner !== undefined && userExists && owner.uid === uid && (owner.mode & 0o777) === 0o750;
  steps.push({
    name: `Data folder ${paths.dataDir}`,
    change: dataRight ? 'already right' : `create ${paths.dataDir}, owned by ${o.user}, mode 750`,
    details: dataRight ? [] : [`install -d -m 750 -o ${o.user} -g ${o.user} ${paths.dataDir}`],
    apply: () => mustRun('install', ['-d', '-m', '750', '-o', o.user, '-g', o.user, paths.dataDir]),
  });

  const env = managedEnv({
    domain: o.domain,
    port: o.port,
    dataDir: paths.dataDir,
    startEmpty: o.startEmpty,
    name: o.name,
  });
  const envText = mergeEnvFile(read(paths.envFile), env);
  const envStep = fileStep('Environment file', paths.envFile, envText, 0o600);
  steps.push(envStep);
  // The name is given on a new site's first start only: a site already running keeps its College page's name.
  if (o.name && fs.existsSync(sqliteFile(paths.dataDir))) {
    console.log(
      `Note: ${paths.dataDir} already holds a site; --name names a new one only. Rename this one on its College page.`,
    );
  }

  const caddyText = caddyfileText({ domain: o.domain, email: o.email, port: o.port, internalCa: o.internalCa });
  const caddyStep = fileStep('Caddyfile', paths.caddyfile, caddyText, 0o644);
  steps.push(caddyStep);

  const example = fs.readFileSync(path.join(APP_DIR, 'docs/examples/orbit-college@.service'), 'utf8');
  const unit = unitText(example, {
    appDir: APP_DIR,
    node: process.execPath,
    user: o.user,
    envFile: paths.envFile,
    dataDir: paths.dataDir,
  });
  const unitStep = fileStep('systemd unit', paths.unitFile, unit, 0o644, () => {
    if (fs.existsSync('/usr/bin/systemd-analyze')) {
      const verify = run('systemd-analyze', ['verify', paths.unitFile]);
      if (verify.status !== 0 || verify.stderr.trim())
        throw new SetupError(`systemd-analyze verify ${paths.unitFile} found problems:\n${verify.stderr.trim()}`);
    }
    if (o.systemd) mustRun('systemctl', ['daemon-reload']);
  });
  steps.push(unitStep);

  // The pages, and the server compiled from its sources as they are now (the service cannot compile it: the
  // unit keeps the app's folder read-only).
  const built = fs.existsSync(path.join(APP_DIR, 'build/server/index.js')) && freshBundle() !== null;
  steps.push({
    name: 'Build',
    change: built
      ? 'already right (the pages are built and the server compiled; `npm run build` does both again)'
      : 'build the pages and compile the server (about a minute)',
    details: built ? [] : [`(cd ${APP_DIR} && npm run build)`],
    apply: () => mustRun('npm', ['run', 'build'], { cwd: APP_DIR }),
  });

  // The app's environment as systemd gives it: the file's variables, nothing from this shell.
  const appEnv = appEnvironment(envText, o.port);
  // A new environment or unit only takes effect when the app starts again.
  const restartApp = envStep.fileChange !== 'already right' || unitStep.fileChange !== 'already right';
  const reloadCaddy = caddyStep.fileChange !== 'already right';
  const caddyEnv = {
    ...process.env,
    HOME: paths.caddyData,
    XDG_DATA_HOME: path.join(paths.caddyData, '.local/share'),
    XDG_CONFIG_HOME: path.join(paths.caddyData, '.config'),
  };
  if (o.systemd) {
    const service = `orbit-college@${o.port}`;
    const active = run('systemctl', ['is-active', service]).stdout.trim() === 'active';
    const enabled = run('systemctl', ['is-enabled', service]).stdout.trim() === 'enabled';
    steps.push({
      name: `Service ${service}`,
      change:
        active && enabled && !restartApp
          ? 'already right'
          : active
            ? `restart ${service}`
            : `enable and start ${service}`,
      details: [`systemctl enable ${service}`, `systemctl restart ${service}`],
      apply: () => {
        mustRun('systemctl', ['enable', service]);
        mustRun('systemctl', ['restart', service]);
      },
    });
    const caddyActive = run('systemctl', ['is-active', 'caddy']).stdout.trim() === 'active';
    steps.push({
      name: 'Caddy service',
      change: caddyActive && !reloadCaddy ? 'already right' : caddyActive ? 'reload caddy' : 'enable and start caddy',
      // The package starts Caddy with its own Caddyfile when it installs: reload-or-restart reads ours.
      details: ['systemctl enable caddy', 'systemctl reload-or-restart caddy'],
      apply: () => {
        mustRun('systemctl', ['enable', 'caddy']);
        mustRun('systemctl', ['reload-or-restart', 'caddy']);
      },
    });
  } else {
    const appPid = path.join(paths.runDir, 'app.pid');
    const caddyPid = path.join(paths.runDir, 'caddy.pid');
    const appRunning = pidAlive(appPid);
    const appCommand = appRunCommand(o.user);
    steps.push({
      name: 'App process (no systemd)',
      change: appRunning && !restartApp ? 'already right' : appRunning ? 'restart the app' : 'start the app',
      details: [`${appCommand.join(' ')}  (in ${APP_DIR}, pid in ${appPid}, log in ${paths.runDir}/app.log)`],
      apply: async () => {
        if (appRunning) await stopPid(appRunning);
        fs.mkdirSync(paths.runDir, { recursive: true });
        const pid = startDetached(appCommand[0]!, appCommand.slice(1), {
          cwd: APP_DIR,
          env: appEnv,
          logFile: path.join(paths.runDir, 'app.log'),
        });
        fs.writeFileSync(appPid, `${pid}\n`);
      },
    });
    const caddyRunning = pidAlive(caddyPid);
    const caddyCommand = ['caddy', 'run', '--config', paths.caddyfile, '--adapter', 'caddyfile'];
    steps.push({
      name: 'Caddy process (no systemd)',
      change: caddyRunning && !reloadCaddy ? 'already right' : caddyRunning ? 'restart caddy' : 'start caddy',
      details: [
        `HOME=${paths.caddyData} ${caddyCommand.join(' ')}  (pid in ${caddyPid}, log in ${paths.runDir}/caddy.log)`,
      ],
      apply: async () => {
        if (caddyRunning) await stopPid(caddyRunning);
        fs.mkdirSync(paths.runDir, { recursive: true });
        fs.mkdirSync(paths.caddyData, { recursive: true });
        const pid = startDetached(caddyCommand[0]!, caddyCommand.slice(1), {
          cwd: paths.caddyData,
          env: caddyEnv,
          logFile: path.join(paths.runDir, 'caddy.log'),
        });
        fs.writeFileSync(caddyPid, `${pid}\n`);
      },
    });
  }
  const caFile = o.internalCa
    ? path.join(
        o.systemd ? path.join(o.prefix, 'var/lib/caddy') : paths.caddyData,
        '.local/share/caddy/pki/authorities/local/root.crt',
      )
    : undefined;
  return { steps, appEnv, caFile };
}

async function main(): Promise<number> {
  const options = await interactive(parseSetupArgs(process.argv.slice(2)));
  if (!options.domain) throw new UsageError(`--domain is needed when there is no terminal to ask in.\n${SETUP_USAGE}`);
  const o = { ...options, domain: options.domain };

  const problems = await refusals(o);
  if (problems.length) {
    console.error(['Setup stopped before changing anything:', ...problems.map((p) => `  - ${p}`)].join('\n'));
    return 1;
  }
  const { steps, appEnv, caFile } = await plan(o);
  const todo = steps.filter((s) => s.change !== 'already right' && !s.change.startsWith('already right'));
  console.log(`Setup for https://${o.domain} (app in ${APP_DIR}, port ${o.port}):`);
  for (const s of steps) console.log(`  ${s.name}: ${s.change}`);

  if (o.dryRun) {
    console.log('\n--dry-run: nothing was changed. Every file and command setup would write or run:');
    for (const s of steps) console.log(`\n# ${s.name}\n${s.details.join('\n') || '(nothing)'}`);
    return 0;
  }
  if (todo.length === 0) console.log('\nEverything is already right: nothing changed.');
  else {
    if (process.stdin.isTTY && !o.yes) {
      const answer = await ask(`\nDo these ${todo.length} steps? [y/N] `);
      if (!/^y(es)?$/iu.test(answer)) {
        console.log('Nothing changed.');
        return 1;
      }
    }
    for (const s of todo) {
      console.log(`\n==> ${s.name}: ${s.change}`);
      await s.apply?.();
    }
  }

  const { runDir, envFile } = setupPaths(o.prefix);
  console.log(`\nWaiting for https://${o.domain}/api/health ...`);
  await waitForHttps(o.domain, caFile, 180, () => {
    if (o.systemd) return undefined;
    for (const name of ['app', 'caddy'])
      if (pidAlive(path.join(runDir, `${name}.pid`)) === undefined)
        return `${name === 'app' ? 'The app' : 'Caddy'} stopped: see ${path.join(runDir, `${name}.log`)}.`;
    return undefined;
  });
  console.log(`\nThe site is online at https://${o.domain}\nAdmin: https://${o.domain}/login`);
  if (todo.length > 0) {
    const link = run(
      'setpriv',
      [
        `--reuid=${o.user}`,
        `--regid=${o.user}`,
        '--init-groups',
        '--',
        process.execPath,
        '--import',
        'tsx',
        'scripts/admin.ts',
        'owner-link',
      ],
      { cwd: APP_DIR, env: appEnv },
    );
    if (link.status !== 0) throw new SetupError(`Could not make the first owner's link: ${link.stderr.trim()}`);
    const text = link.stdout.trim();
    console.log(
      text.startsWith('http')
        ? `\nNobody can sign in yet. Open this one-time link to create the first owner (valid 24 hours, once):\n  ${text}`
        : `\n${text}`,
    );
  } else {
    console.log(
      `If nobody can sign in yet, this prints a one-time link for the first owner:\n  sudo -u ${o.user} sh -c 'set -a; . ${envFile}; npm run admin -- owner-link'`,
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError || err instanceof SetupError) {
      console.error(`Error: ${err.message}`);
      process.exit(err instanceof UsageError ? 2 : 1);
    }
    console.error(err);
    process.exit(1);
  },
);
