import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT, buildApp } from './app.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';
import { openDb } from './db/db.ts';
import { migrateToLatest } from './db/migrate.ts';
import { pruneExpired } from './rate-limit/rate-limit.repository.ts';
import { EnvError, type Env, parseEnv } from './env.ts';
import { seedDemoContent } from './seed/seed-demo.ts';
import { createLocalStorage } from './storage/local-storage.ts';

function loadEnv(): Env {
  try {
    return parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** `npm start` on a fresh clone builds the pages first. */
function ensureBuild(env: Env): void {
  if (env.NODE_ENV === 'development') return;
  if (fs.existsSync(path.join(PROJECT_ROOT, 'build', 'server', 'index.js'))) return;
  console.log('No build found: running `react-router build` once (about a minute)...');
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(1);
  }
}

const env = loadEnv();
ensureBuild(env);
const db = openDb({ dataDir: env.dataDir, databaseUrl: env.DATABASE_URL });
const applied = await migrateToLatest(db);
const storage = createLocalStorage(path.join(env.dataDir, 'uploads'));
const app = await buildApp({ env, db, storage });

if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
const freshDatabase = applied.includes('0001-initial');
if (freshDatabase && env.SEED_DEMO) {
  const seeded = await seedDemoContent(app.services);
  app.log.info(seeded, 'empty data directory: seeded demo content (set SEED_DEMO=false to start empty)');
} else if (freshDatabase) {
  app.log.info('empty data directory: SEED_DEMO=false, starting without demo content');
}

await bootstrapAdmin(app.services.users, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, app.log);

const prune = () =>
  Promise.all([app.services.auth.pruneExpired(), pruneExpired(db)]).catch((err: unknown) =>
    app.log.error({ err }, 'pruning expired sessions and rate limits failed'),
  );
await prune();
setInterval(() => void prune(), 60 * 60 * 1000).unref();

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(`Orbit College is running at ${env.siteUrl} (data in ${env.dataDir})`);
