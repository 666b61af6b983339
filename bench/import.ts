// `npm run bench -- import`: a WordPress export of IMPORT_POSTS published posts (2,000) carrying
// IMPORT_ATTACHMENTS files (5,000: one-page PDFs and photos, linked from the posts and attached to them), made
// here in WordPress's own export format, brought over by `npm run import -- wordpress` into the data folder of
// a running built server, while autocannon reads / on 10 connections: the import's time and its process's
// peak memory, and / p50/p99 meanwhile beside / alone before. SQLite, a fresh DATA_DIR, all on this machine.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openDb } from '#server/db/db.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { PROJECT_ROOT, startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { autocannon } from './lib/throughput.ts';

const POSTS = Number(process.env.IMPORT_POSTS ?? 2000);
const ATTACHMENTS = Number(process.env.IMPORT_ATTACHMENTS ?? 5000);
const OLD_SITE = 'http://old.bench.test';
const TARGETS = { peakMb: 500, p99Ms: 50 };

export interface ImportBenchReport {
  cpus: number;
  loadAverageAtStart: string;
  posts: number;
  attachments: number;
  exportMb: number;
  uploadsMb: number;
  importSeconds: number;
  exitCode: number | null;
  notices: number;
  attachmentRows: number;
  peakRssMb: number;
  alone: { p50: number; p99: number; requests: number; errors: number };
  meanwhile: { p50: number; p99: number; requests: number; errors: number; seconds: number };
  targets: typeof TARGETS;
}

const cdata = (text: string) => `<![CDATA[${text}]]>`;

/** One item of a WXR 1.2 export, with the fields WordPress 6 writes that the import reads. */
function item(fields: {
  title: string;
  id: number;
  name: string;
  type: 'post' | 'attachment';
  status: string;
  parent: number;
  date: string;
  content: string;
  link: string;
  guid: string;
  extra?: string;
}): string {
  return `<item>
<title>${cdata(fields.title)}</title>
<link>${fields.link}</link>
<dc:creator>${cdata('admin')}</dc:creator>
<guid isPermaLink="false">${fields.guid}</guid>
<content:encoded>${cdata(fields.content)}</content:encoded>
<excerpt:encoded>${cdata('')}</excerpt:encoded>
<wp:post_id>${fields.id}</wp:post_id>
<wp:post_date>${cdata(fields.date)}</wp:post_date>
<wp:post_date_gmt>${cdata(fields.date)}</wp:post_date_gmt>
<wp:post_name>${cdata(fields.name)}</wp:post_name>
<wp:status>${cdata(fields.status)}</wp:status>
<wp:post_parent>${fields.parent}</wp:post_parent>
<wp:post_type>${cdata(fields.type)}</wp:post_type>
<wp:is_sticky>0</wp:is_sticky>
${fields.extra ?? ''}
</item>
`;
}

/** Writes the export and its uploads folder: attachment j belongs to post j mod POSTS, and is linked from it. */
async function writeExport(dir: string): Promise<{ xml: string; uploads: string }> {
  const uploads = path.join(dir, 'uploads');
  const pdf = makePdf({ pages: 1 });
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#6b8e9e' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const xml = path.join(dir, 'export.xml');
  const out = fs.createWriteStream(xml);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>Bench College</title>
<link>${OLD_SITE}</link>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>${OLD_SITE}</wp:base_site_url>
<wp:base_blog_url>${OLD_SITE}</wp:base_blog_url>
`);
  const filesOf = new Map<number, string[]>();
  for (let j = 0; j < ATTACHMENTS; j++) {
    const post = j % POSTS;
    const month = String((post % 12) + 1).padStart(2, '0');
    const isPdf = j % 2 === 0;
    const file = `2024/${month}/file-${j}.${isPdf ? 'pdf' : 'jpg'}`;
    fs.mkdirSync(path.join(uploads, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(uploads, file), isPdf ? pdf : photo);
    filesOf.set(post, [...(filesOf.get(post) ?? []), file]);
    const url = `${OLD_SITE}/wp-content/uploads/${file}`;
    await write(
      item({
        title: `file-${j}`,
        id: 100_000 + j,
        name: `file-${j}`,
        type: 'attachment',
        status: 'inherit',
        parent: post + 1,
        date: `2024-${month}-10 10:00:00`,
        content: '',
        link: `${OLD_SITE}/file-${j}/`,
        guid: url,
        extra: `<wp:attachment_url>${cdata(url)}</wp:attachment_url>
<wp:postmeta><wp:meta_key>${cdata('_wp_attached_file')}</wp:meta_key><wp:meta_value>${cdata(file)}</wp:meta_value></wp:postmeta>`,
      }),
    );
  }
  for (let i = 0; i < POSTS; i++) {
    const month = String((i % 12) + 1).padStart(2, '0');
    const links = (filesOf.get(i) ?? [])
      .map((file) => `<a href="${OLD_SITE}/wp-content/uploads/${file}">Download ${path.basename(file)}</a>`)
      .join('\n');
    await write(
      item({
        title: i % 3 === 0 ? `सूचना नं. ${i}: परीक्षा तालिका` : `Notice ${i}: examination routine`,
        id: i + 1,
        name: `notice-${i}`,
        type: 'post',
        status: 'publish',
        parent: 0,
        date: `2024-${month}-${String((i % 27) + 1).padStart(2, '0')} 10:15:00`,
        content: `The routine of the examination is below.\n\n${links}\n\nStudents must bring their admit card.`,
        link: `${OLD_SITE}/2024/${month}/notice-${i}/`,
        guid: `${OLD_SITE}/?p=${i + 1}`,
        extra: `<category domain="category" nicename="exam">${cdata('Exam')}</category>`,
      }),
    );
  }
  await write('</channel>\n</rss>\n');
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return { xml, uploads };
}

const sizeMb = (target: string): number => {
  const stat = fs.statSync(target);
  if (stat.isFile()) return stat.size / 1024 ** 2;
  return fs.readdirSync(target).reduce((sum, name) => sum + sizeMb(path.join(target, name)), 0);
};

/** The largest resident set the process reached (VmHWM), read until it exits. */
function peakRssOf(pid: number, samples: { peakKb: number }): () => void {
  const timer = setInterval(() => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/u.exec(status)?.[1] ?? 0);
      if (kb > samples.peakKb) samples.peakKb = kb;
    } catch {
      // Gone: the last reading stands.
    }
  }, 200);
  return () => clearInterval(timer);
}

export async function runImportBench({ port }: { port: number }): Promise<ImportBenchReport> {
  const loadAverageAtStart = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-import-bench-'));
  const server = await startLocalServer({ port, env: { SEED_DEMO: 'false' } });
  stopOnSignals(async () => {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });
  try {
    const { xml, uploads } = await writeExport(work);
    const home = `${server.url}/`;
    const aloneRun = await autocannon(PROJECT_ROOT, home, Number(process.env.BENCH_SECONDS ?? 5));
    const alone = {
      p50: aloneRun.latency.p50,
      p99: aloneRun.latency.p99,
      requests: aloneRun.requests.total,
      errors: aloneRun.errors + aloneRun.non2xx,
    };

    const startedAt = Date.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/import.ts', 'wordpress', xml, '--uploads', uploads],
      {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          DATA_DIR: server.dataDir,
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          // As `npm run import` starts it (package.json): glibc's allocator held freed native memory (libvips,
          // the PDF thread's canvas) in per-thread arenas and heap tops; these return it (decision 0067).
          MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
          MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const samples = { peakKb: 0 };
    const stopSampling = peakRssOf(child.pid!, samples);
    let running = true;
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => {
        running = false;
        resolve(code);
      }),
    );
    const reads: Awaited<ReturnType<typeof autocannon>>[] = [];
    while (running) reads.push(await autocannon(PROJECT_ROOT, home, 3));
    const exitCode = await exited;
    stopSampling();
    const importSeconds = (Date.now() - startedAt) / 1000;
    if (exitCode !== 0) console.error(`The import ended with ${exitCode}:\n${output}`);

    const db = openDb({ dataDir: server.dataDir });
    try {
      const count = async (table: 'notices' | 'notice_attachments') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        cpus: os.cpus().length,
        loadAverageAtStart,
        posts: POSTS,
        attachments: ATTACHMENTS,
        exportMb: sizeMb(xml),
        uploadsMb: sizeMb(uploads),
        importSeconds,
        exitCode,
        notices: await count('notices'),
        attachmentRows: await count('notice_attachments'),
        peakRssMb: samples.peakKb / 1024,
        alone,
        meanwhile: {
          // The worst round's figures: the reads overlapped the import throughout.
          p50: Math.max(...reads.map((r) => r.latency.p50)),
          p99: Math.max(...reads.map((r) => r.latency.p99)),
          requests: reads.reduce((n, r) => n + r.requests.total, 0),
          errors: reads.reduce((n, r) => n + r.errors + r.non2xx, 0),
          seconds: reads.length * 3,
        },
        targets: TARGETS,
      };
    } finally {
      await db.destroy();
    }
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export function printImportBench(r: ImportBenchReport): void {
  const mark = (ok: boolean) => (ok ? 'ok' : 'ABOVE TARGET');
  console.log(
    `\nWordPress import (${r.cpus} CPUs, load average ${r.loadAverageAtStart} at the start): ${r.posts} posts with ${r.attachments} files (export ${r.exportMb.toFixed(1)} MB, uploads ${r.uploadsMb.toFixed(0)} MB) by npm run import into a running server's data folder, exit ${r.exitCode}: ${r.notices} notices, ${r.attachmentRows} attachments, while autocannon read / on 10 connections.`,
  );
  console.table([
    { figure: 'import time s', value: r.importSeconds.toFixed(0), target: '', '': '' },
    {
      figure: 'import process peak RSS MB',
      value: r.peakRssMb.toFixed(0),
      target: `< ${r.targets.peakMb}`,
      '': mark(r.peakRssMb < r.targets.peakMb),
    },
    { figure: '/ alone p50 / p99 ms', value: `${r.alone.p50} / ${r.alone.p99}`, target: '', '': '' },
    {
      figure: '/ during the import p50 / p99 ms (worst 3 s round)',
      value: `${r.meanwhile.p50} / ${r.meanwhile.p99}`,
      target: `p99 < ${r.targets.p99Ms}`,
      '': mark(r.meanwhile.p99 < r.targets.p99Ms),
    },
    {
      figure: '/ requests during the import (errors)',
      value: `${r.meanwhile.requests} (${r.meanwhile.errors})`,
      target: '',
      '': '',
    },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printImportBench(await runImportBench({ port: Number(process.env.BENCH_PORT ?? 3512) }));
}
