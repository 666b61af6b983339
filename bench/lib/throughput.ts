import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface LoadFigures {
  url: string;
  bytes: number;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}

/** autocannon's CLI (a process of its own, so its work does not share a core with this script's). */
export async function autocannon(
  root: string,
  url: string,
  seconds: number,
  connections = 10,
): Promise<AutocannonJson> {
  const bin = path.join(root, 'node_modules', '.bin', 'autocannon');
  const child = spawn(bin, ['-j', '-c', String(connections), '-d', String(seconds), url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  return JSON.parse(out) as AutocannonJson;
}

export async function load(root: string, url: string, seconds: number): Promise<LoadFigures> {
  const bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
  await autocannon(root, url, 1); // warm-up: JIT, caches
  const r = await autocannon(root, url, seconds);
  return {
    url: new URL(url).pathname,
    bytes,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.non2xx,
  };
}

/**
 * A static file of exactly `bytes` bytes in build/client, served by the same server's static handler:
 * the fastest thing the server can answer with that many bytes. Files are listed when the server
 * starts, so this runs before it does.
 */
export function writeStaticTwin(root: string, name: string, bytes: number): { urlPath: string; remove: () => void } {
  const dir = path.join(root, 'build', 'client', 'bench-static');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  const filler = JSON.stringify({ padding: '' });
  fs.writeFileSync(file, filler.replace('""', `"${'x'.repeat(Math.max(0, bytes - filler.length))}"`));
  return {
    urlPath: `/bench-static/${name}.json`,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
