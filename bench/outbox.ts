// `npm run bench -- outbox`: 1,000 e-mails queued in the outbox and sent by the built server's background
// sender through a local SMTP server (smtp-server, parsing each message as a mail client would), while
// autocannon reads the home page on 10 connections: the time to send them all, and / p50/p99 meanwhile,
// beside / alone for the same time before. SQLite, a fresh DATA_DIR, everything on this machine.
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDb } from '#server/db/db.ts';
import { enqueue } from '#server/modules/outbox/index.ts';
import { startTestSmtpServer } from '#server/test-support/smtp-server.ts';
import { PROJECT_ROOT, startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { autocannon } from './lib/throughput.ts';

const MESSAGES = Number(process.env.OUTBOX_MESSAGES ?? 1000);
const TARGET_P99_MS = 50;

export interface OutboxReport {
  cpus: number;
  loadAverageAtStart: string;
  messages: number;
  /** From the commit of the queue to the last message received by the SMTP server (the sender polls every 5 s). */
  sendSeconds: number;
  messagesPerSecond: number;
  failed: number;
  alone: { p50: number; p99: number; requests: number; errors: number };
  meanwhile: { p50: number; p99: number; requests: number; errors: number; seconds: number };
  targets: { p99Ms: number };
}

export async function runOutbox({ port }: { port: number }): Promise<OutboxReport> {
  const loadAverageAtStart = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const smtp = await startTestSmtpServer();
  const server = await startLocalServer({
    port,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Orbit College <office@orbit.test>', OFFICE_EMAIL: '' },
  });
  stopOnSignals(async () => {
    await server.stop();
    await smtp.stop();
  });
  const db = openDb({ dataDir: server.dataDir });
  try {
    const home = `${server.url}/`;
    const seconds = Number(process.env.BENCH_SECONDS ?? 5);
    const aloneRun = await autocannon(PROJECT_ROOT, home, seconds);
    const alone = {
      p50: aloneRun.latency.p50,
      p99: aloneRun.latency.p99,
      requests: aloneRun.requests.total,
      errors: aloneRun.errors + aloneRun.non2xx,
    };

    // 1,000 messages in one transaction, as a busy day's events would leave them.
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < MESSAGES; i++)
        await enqueue(trx, {
          channel: 'email',
          recipient: `parent${i}@example.com`,
          language: i % 2 ? 'ne' : 'en',
          subject: i % 2 ? `आवेदन ORB-2084-${i}: प्राप्त भयो` : `Application ORB-2084-${i}: received`,
          text: i % 2 ? 'कलेजले आवेदन प्राप्त गरेको छ।' : 'The college has received the application.',
          html: '<p>The college has received the application.</p>',
          event: `bench:${i}`,
          at: new Date(),
        });
    });
    const queuedAt = Date.now();
    // The reads run until every message is in: autocannon in rounds of a few seconds, a process of its own.
    const reads: Awaited<ReturnType<typeof autocannon>>[] = [];
    const reading = (async () => {
      while (smtp.received.length < MESSAGES && Date.now() - queuedAt < 600_000)
        reads.push(await autocannon(PROJECT_ROOT, home, 3));
    })();
    let failed = 0;
    while (smtp.received.length < MESSAGES) {
      const [row] = await db
        .selectFrom('outbox_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', 'failed')
        .execute();
      failed = Number(row?.n ?? 0);
      if (failed > 0 || Date.now() - queuedAt > 600_000) break;
      await sleep(100);
    }
    const sendSeconds = (Date.now() - queuedAt) / 1000;
    await reading;
    const total = reads.reduce((n, r) => n + r.requests.total, 0);
    return {
      cpus: os.cpus().length,
      loadAverageAtStart,
      messages: smtp.received.length,
      sendSeconds,
      messagesPerSecond: Math.round(smtp.received.length / sendSeconds),
      failed,
      alone,
      meanwhile: {
        // The worst round's figures: the reads overlapped the sending throughout.
        p50: Math.max(...reads.map((r) => r.latency.p50)),
        p99: Math.max(...reads.map((r) => r.latency.p99)),
        requests: total,
        errors: reads.reduce((n, r) => n + r.errors + r.non2xx, 0),
        seconds: reads.length * 3,
      },
      targets: { p99Ms: TARGET_P99_MS },
    };
  } finally {
    await db.destroy();
    await server.stop();
    await smtp.stop();
  }
}

export function printOutbox(r: OutboxReport): void {
  const mark = (ok: boolean) => (ok ? 'ok' : 'ABOVE TARGET');
  console.log(
    `\nOutbox (${r.cpus} CPUs, load average ${r.loadAverageAtStart} at the start: other work on the machine slows every figure): ${r.messages} e-mails sent through a local SMTP server in ${r.sendSeconds.toFixed(1)} s (${r.messagesPerSecond}/s, the sender polls every 5 s; ${r.failed} failed), while autocannon read / on 10 connections.`,
  );
  console.table([
    { figure: '/ alone p50 / p99 ms', value: `${r.alone.p50} / ${r.alone.p99}`, target: '', '': '' },
    {
      figure: '/ while sending p50 / p99 ms (worst 3 s round)',
      value: `${r.meanwhile.p50} / ${r.meanwhile.p99}`,
      target: `p99 < ${r.targets.p99Ms}`,
      '': mark(r.meanwhile.p99 < r.targets.p99Ms),
    },
    {
      figure: '/ requests while sending (errors)',
      value: `${r.meanwhile.requests} (${r.meanwhile.errors})`,
      target: '',
      '': '',
    },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printOutbox(await runOutbox({ port: Number(process.env.BENCH_PORT ?? 3511) }));
}
