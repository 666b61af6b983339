// `node --import tsx bench/old-address-lookup.ts`: what the old-address look-up (the WordPress import's 301s,
// answered before the render cache) costs a cached answer. The app in this process (fastify inject, no network),
// GET /api/notices from the render cache, median time per request of OLD_ADDRESS_REQUESTS (2,000) after a
// warm-up, in OLD_ADDRESS_ROUNDS (5) rounds: with no old addresses, then with OLD_ADDRESS_ROWS (10,000) in the
// table, and with the hook's work taken out; and the map look-up alone beside it. A figure to read, never a test.
import os from 'node:os';
import { createTestApp } from '#server/test-support/test-app.ts';
import { median } from './lib/median.ts';

const REQUESTS = Number(process.env.OLD_ADDRESS_REQUESTS ?? 2000);
const ROUNDS = Number(process.env.OLD_ADDRESS_ROUNDS ?? 5);
const ROWS = Number(process.env.OLD_ADDRESS_ROWS ?? 10_000);
const URL = '/api/notices';

const t = await createTestApp({ RENDER_CACHE: 'true' });

async function perRequestMs(): Promise<number> {
  const medians: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS + 100; i++) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url: URL });
      const took = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${URL} answered ${res.statusCode}`);
      if (i >= 100) times.push(took);
    }
    medians.push(median(times));
  }
  return median(medians);
}

function lookUpMs(): number {
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) t.services.oldAddresses.answer(i % 2 ? URL : `/2024/05/notice-${i % ROWS}/`);
  return (performance.now() - started) / REQUESTS;
}

try {
  const load = os.loadavg()[0]!.toFixed(2);
  const empty = await perRequestMs();
  const emptyLookUp = lookUpMs();
  const at = new Date('2026-01-01T00:00:00Z').toISOString();
  for (let i = 0; i < ROWS; i += 500) {
    await t.db
      .insertInto('old_addresses')
      .values(
        Array.from({ length: Math.min(500, ROWS - i) }, (_, j) => ({
          path: `/2024/05/notice-${i + j}`,
          target: '/notices',
          source: 'wordpress',
          target_id: 'site-page:notices',
          created_at: at,
        })),
      )
      .execute();
  }
  await t.db
    .updateTable('content_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .execute();
  const full = await perRequestMs();
  const fullLookUp = lookUpMs();
  // The same requests with the hook's work taken out: what the page costs without any look-up.
  const addresses = t.services.oldAddresses;
  const { sync, answer } = addresses;
  Object.assign(addresses, { sync: async () => undefined, answer: () => null });
  const without = await perRequestMs();
  Object.assign(addresses, { sync, answer });
  console.log(
    `Old-address look-up, ${URL} from the render cache by inject, median of ${ROUNDS} rounds' medians of ${REQUESTS} (load ${load}):`,
  );
  console.table([
    { 'old addresses': 'no look-up', 'per request ms': without.toFixed(4), 'look-up alone ms': '' },
    { 'old addresses': 0, 'per request ms': empty.toFixed(4), 'look-up alone ms': emptyLookUp.toFixed(5) },
    { 'old addresses': ROWS, 'per request ms': full.toFixed(4), 'look-up alone ms': fullLookUp.toFixed(5) },
  ]);
} finally {
  await t.close();
}
