/**
 * The files `npm run setup` writes, as text computed from its options: the Caddyfile, the app's
 * environment file (merged into one that exists, keeping the settings a person added) and the
 * hardened systemd unit of docs/examples with this machine's paths.
 */

export interface Paths {
  caddyfile: string;
  envFile: string;
  unitFile: string;
  dataDir: string;
  /** Caddy's certificates and keys. */
  caddyData: string;
  /** Pid files and logs of the processes started without systemd. */
  runDir: string;
}

/** Where each file lives on the server, under `prefix` ('/' for real, a scratch folder in tests). */
export function setupPaths(prefix: string): Paths {
  const at = (p: string) => (prefix === '/' ? p : `${prefix.replace(/\/$/u, '')}${p}`);
  return {
    caddyfile: at('/etc/caddy/Caddyfile'),
    envFile: at('/etc/orbit-college.env'),
    unitFile: at('/etc/systemd/system/orbit-college@.service'),
    dataDir: at('/var/lib/orbit-college'),
    caddyData: at('/var/lib/caddy'),
    runDir: at('/run/orbit-college'),
  };
}

export interface CaddyOptions {
  domain: string;
  email: string | undefined;
  port: number;
  internalCa: boolean;
}

export function caddyfileText(o: CaddyOptions): string {
  const global = [
    ...(o.email ? [`\temail ${o.email}`] : []),
    // The internal authority's root stays in Caddy's folder: nothing is added to this machine's trust store.
    ...(o.internalCa ? ['\tskip_install_trust'] : []),
  ];
  return [
    '# Written by `npm run setup` for this site. Running setup again rewrites this file.',
    '# Caddy gets and renews the HTTPS certificate, redirects HTTP to HTTPS and passes the client address',
    '# on in X-Forwarded-For (the app trusts it: TRUST_PROXY=true). No `encode`: the app compresses.',
    ...(global.length ? ['{', ...global, '}', ''] : []),
    `${o.domain} {`,
    ...(o.internalCa ? ['\ttls internal', ''] : []),
    '\t# Above UPLOAD_MAX_MB (15 by default), so the app, not the proxy, answers an oversized upload.',
    '\trequest_body {',
    '\t\tmax_size 20MB',
    '\t}',
    '',
    `\treverse_proxy 127.0.0.1:${o.port} {`,
    '\t\thealth_uri /api/health',
    '\t\thealth_interval 5s',
    '\t}',
    '}',
    '',
  ].join('\n');
}

/**
 * The variables setup manages in the environment file; every other line of the file is kept. With
 * `startEmpty`, a new data folder is not seeded with the demo (an existing site's content is never touched).
 */
export function managedEnv(o: {
  domain: string;
  port: number;
  dataDir: string;
  startEmpty?: boolean;
  name?: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(o.port),
    DATA_DIR: o.dataDir,
    SITE_URL: `https://${o.domain}`,
    TRUST_PROXY: 'true',
    ...(o.startEmpty ? { SEED_DEMO: 'false' } : {}),
    ...(o.name ? { COLLEGE_NAME: envQuoted(o.name) } : {}),
  };
}

/**
 * A value double-quoted as systemd's EnvironmentFile= reads it: a name may hold an apostrophe ('St. Xavier's'),
 * which unquoted would open a quote; inside double quotes only \, ", $ and ` need a backslash.
 */
export function envQuoted(value: string): string {
  return `"${value.replace(/[\\"$`]/gu, (c) => `\\${c}`)}"`;
}

const ENV_HEADER = [
  '# /etc/orbit-college.env: read by orbit-college@.service (chmod 600: it may hold passwords).',
  '# Written by `npm run setup`; add other settings (SMTP_URL, BACKUP_DIR ...) below: setup keeps them.',
];

/** The environment file with `managed` set: existing lines keep their place, missing ones are appended. */
export function mergeEnvFile(existing: string | undefined, managed: Record<string, string>): string {
  if (existing === undefined) {
    return [
      ...ENV_HEADER,
      ...Object.entries(managed).map(([k, v]) => `${k}=${v}`),
      'SHUTDOWN_TIMEOUT_SECONDS=20',
      '',
    ].join('\n');
  }
  const left = new Map(Object.entries(managed));
  const lines = existing
    .replace(/\n$/u, '')
    .split('\n')
    .map((line) => {
      const match = /^\s*([A-Z_][A-Z0-9_]*)\s*=/u.exec(line);
      const key = match?.[1];
      if (key === undefined || !left.has(key)) return line;
      const wanted = `${key}=${left.get(key)}`;
      left.delete(key);
      return wanted;
    });
  return [...lines, ...[...left].map(([k, v]) => `${k}=${v}`), ''].join('\n');
}

/** Parses `KEY=value` lines as systemd's EnvironmentFile= reads this file (a value in double quotes, as envQuoted writes). */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || !line.includes('=')) continue;
    const value = line.slice(line.indexOf('=') + 1).trim();
    const quoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"');
    out[line.slice(0, line.indexOf('=')).trim()] = quoted ? value.slice(1, -1).replace(/\\(.)/gu, '$1') : value;
  }
  return out;
}

/** docs/examples/orbit-college@.service with this install's folder, node, user and files. */
export function unitText(
  example: string,
  o: { appDir: string; node: string; user: string; envFile: string; dataDir: string },
): string {
  return example
    .replace('WorkingDirectory=/opt/orbit-college', `WorkingDirectory=${o.appDir}`)
    .replace('ExecStart=/usr/bin/node ', `ExecStart=${o.node} `)
    .replace('User=orbit', `User=${o.user}`)
    .replace('Group=orbit', `Group=${o.user}`)
    .replace('EnvironmentFile=/etc/orbit-college.env', `EnvironmentFile=${o.envFile}`)
    .replace('ReadWritePaths=/var/lib/orbit-college', `ReadWritePaths=${o.dataDir}`);
}

export type FileChange = 'already right' | 'create' | 'update';

/** What writing `wanted` over the file's current text would do. */
export function fileChange(current: string | undefined, wanted: string): FileChange {
  if (current === undefined) return 'create';
  return current === wanted ? 'already right' : 'update';
}
