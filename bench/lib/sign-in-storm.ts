import { setTimeout as sleep } from 'node:timers/promises';
import { type WrkFigures, wrk } from './wrk.ts';

export interface StormFigures {
  attempts: number;
  /** Answers by status: 401 means the password was checked, 429 that the throttle refused first. */
  checked: number;
  throttled: number;
  other: Record<number, number>;
  stormMs: number;
  /** `/` at a few connections with no storm, then the same while the storm runs. */
  quiet: WrkFigures;
  during: WrkFigures;
}

/**
 * `attempts` wrong passwords sent at once from one address to POST /api/auth/login, while `/` is
 * measured at `connections` connections. Each attempt names a different unknown e-mail (which the server
 * treats exactly as a wrong password), so the per-address limit, not the per-account one, is what
 * decides how many reach the password check.
 */
export async function signInStorm(
  baseUrl: string,
  { attempts = 50, connections = 10, seconds = 10, headers = {} as Record<string, string> } = {},
): Promise<StormFigures> {
  const quiet = await wrk(`${baseUrl}/`, { connections, seconds, headers });
  const measuring = wrk(`${baseUrl}/`, { connections, seconds, headers });
  await sleep(Math.min(2000, (seconds * 1000) / 4));
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: attempts }, async (_, i) => {
      const res = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email: `storm-${i}@orbit.test`, password: `wrong-password-${i}` }),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const stormMs = Math.round(performance.now() - started);
  const during = await measuring;
  const other: Record<number, number> = {};
  for (const s of statuses.filter((s) => s !== 401 && s !== 429)) other[s] = (other[s] ?? 0) + 1;
  return {
    attempts,
    checked: statuses.filter((s) => s === 401).length,
    throttled: statuses.filter((s) => s === 429).length,
    other,
    stormMs,
    quiet,
    during,
  };
}
