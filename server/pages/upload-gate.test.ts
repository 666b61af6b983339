import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import os from 'node:os';
import { defaultUploadGate, registerUploadGate } from './upload-gate.ts';

// A real server on a loopback port: the gate works on connections (a waiting body stays unread in its socket).
describe('upload gate', () => {
  let app: FastifyInstance;
  let held: (() => void)[] = [];
  afterEach(async () => {
    for (const release of held.splice(0)) release();
    await app.close();
  });

  /** A page scope whose multipart route holds each form until `release` is called, counting bodies read. */
  async function start(concurrent: number, waiting: number) {
    app = Fastify();
    const state = { read: 0, handling: 0, most: 0, releases: [] as (() => void)[] };
    held = state.releases;
    await app.register(async (pages) => {
      pages.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => {
        state.read += 1;
        done(null, body);
      });
      registerUploadGate(pages, { concurrent, waiting });
      pages.post('/form', async () => {
        state.handling += 1;
        state.most = Math.max(state.most, state.handling);
        await new Promise<void>((r) => state.releases.push(r));
        state.handling -= 1;
        return 'done';
      });
      pages.post('/text', async () => 'text');
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const post = (path = '/form', type = 'multipart/form-data; boundary=x') =>
      fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': type }, body: 'x'.repeat(1000) });
    return { state, post };
  }

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setImmediate(r));
    expect(check()).toBe(true);
  };

  it('reads at most `concurrent` forms with files at once; the others wait unread and go on in turn', async () => {
    const { state, post } = await start(2, 10);
    const answers = Array.from({ length: 5 }, () => post());
    await until(() => state.handling === 2);
    // Give the waiting ones every chance to be read: they are not.
    await new Promise((r) => setTimeout(r, 50));
    expect(state.read).toBe(2);
    while (state.releases.length > 0 || state.read < 5) {
      await until(() => state.releases.length > 0);
      state.releases.shift()!();
    }
    const texts = await Promise.all(answers.map(async (a) => (await a).text()));
    expect(texts).toEqual(Array(5).fill('done'));
    expect(state.most).toBe(2);
    expect(state.read).toBe(5);
  });

  it('reads one form per core at once unless UPLOAD_FORMS_AT_ONCE says otherwise', () => {
    expect(defaultUploadGate()).toEqual({ concurrent: os.availableParallelism(), waiting: 200 });
    expect(defaultUploadGate(6)).toEqual({ concurrent: 6, waiting: 200 });
  });

  it('refuses a form with files at once, with Retry-After, when the line is full; other forms pass', async () => {
    const { state, post } = await start(1, 1);
    const first = post();
    await until(() => state.handling === 1);
    const second = post();
    await new Promise((r) => setTimeout(r, 50));
    const third = await post();
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toBe('60');
    expect(await third.text()).toContain('Many forms with files are arriving at once. Nothing was saved');
    // A form without files is not queued.
    expect(await (await post('/text', 'text/plain')).text()).toBe('text');
    state.releases.shift()!();
    await until(() => state.releases.length === 1);
    state.releases.shift()!();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
  });

  it('hands the turn on when a sender gives up while being handled or while waiting', async () => {
    const { state, post } = await start(1, 10);
    const gone = new AbortController();
    const abandoned = fetch(`${app.listeningOrigin}/form`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'x',
      signal: gone.signal,
    }).catch(() => 'aborted');
    await until(() => state.handling === 1);
    const next = post();
    gone.abort();
    expect(await abandoned).toBe('aborted');
    await until(() => state.handling === 2);
    for (const release of state.releases.splice(0)) release();
    expect((await next).status).toBe(200);
  });
});
