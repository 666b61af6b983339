import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

export interface WrkFigures {
  url: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  /** Latency percentiles of the answered requests, in ms; wrk leaves timed-out requests out of them. */
  p50: number;
  p99: number;
  max: number;
  /** Requests not answered within the timeout (counted apart from the percentiles). */
  timeouts: number;
  /** Connect, read and write errors, and answers outside 2xx and 3xx. */
  errors: number;
}

export interface WrkOptions {
  connections: number;
  seconds: number;
  timeoutSeconds?: number;
  headers?: Record<string, string>;
  /** Adds `?<name>=<counter>` to every request, so no two ask for the same address (a cache never answers). */
  uniqueQuery?: string;
  /** Lua that defines wrk's `request` (or other hooks) for requests of its own, such as varied POST bodies. */
  script?: string;
}

// wrk's Lua hooks print its own figures as one JSON line, rather than parsing its rounded text report.
const REPORT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"micros":%d,"p50":%d,"p99":%d,"max":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
`;

const uniqueRequests = (name: string) => `
local counter = 0
request = function()
  counter = counter + 1
  local sep = string.find(wrk.path, '?', 1, true) and '&' or '?'
  return wrk.format(nil, wrk.path .. sep .. '${name}=' .. counter)
end
`;

interface WrkJson {
  requests: number;
  micros: number;
  p50: number;
  p99: number;
  max: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
}

/** Runs wrk (Debian's `wrk`) against one address and returns its figures. */
export async function wrk(url: string, options: WrkOptions): Promise<WrkFigures> {
  const { connections, seconds, timeoutSeconds = 10, headers = {}, uniqueQuery, script: lua = '' } = options;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-wrk-'));
  const script = path.join(dir, 'report.lua');
  fs.writeFileSync(script, lua + (uniqueQuery ? uniqueRequests(uniqueQuery) : '') + REPORT);
  const args = [
    `-t${Math.min(2, connections)}`,
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    `${timeoutSeconds}s`,
    '-s',
    script,
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ];
  try {
    const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    const line = /^WRK_JSON (.*)$/mu.exec(out)?.[1];
    if (code !== 0 || !line) throw new Error(`wrk ${args.join(' ')} exited with ${code}:\n${out}`);
    const r = JSON.parse(line) as WrkJson;
    const ms = (micros: number) => Math.round(micros / 100) / 10;
    return {
      url: new URL(url).pathname + (uniqueQuery ? `?${uniqueQuery}=<n>` : ''),
      connections,
      seconds,
      requests: r.requests,
      rps: Math.round((r.requests / (r.micros / 1e6)) * 10) / 10,
      p50: ms(r.p50),
      p99: ms(r.p99),
      max: ms(r.max),
      timeouts: r.timeout,
      errors: r.connect + r.read + r.write + r.status,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
