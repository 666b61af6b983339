import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import net from 'node:net';
import os from 'node:os';
import { DEFAULT_SENDER_LIMITS, type SenderLimits } from './slow-sender.ts';
import { type UploadGate, type UploadGateOptions, defaultUploadGate, registerUploadGate } from './upload-gate.ts';

// A real server on a loopback port: the gate works on connections (a waiting body stays unread in its socket).
describe('upload gate', () => {
  let app: FastifyInstance;
  let held: (() => void)[] = [];
  afterEach(async () => {
    for (const release of held.splice(0)) release();
    await app.close();
  });

  /** A page scope whose multipart route holds each form until `release` is called, counting bodies read. */
  async function start(
    concurrent: number,
    waiting: number,
    more: Partial<UploadGateOptions> = {},
    now: () => number = Date.now,
  ) {
    app = Fastify();
    const state = {
      read: 0,
      handling: 0,
      most: 0,
      releases: [] as (() => void)[],
      gate: undefined as unknown as UploadGate,
    };
    held = state.releases;
    await app.register(async (pages) => {
      pages.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => {
        state.read += 1;
        done(null, body);
      });
      state.gate = registerUploadGate(pages, defaultUploadGate(concurrent, { waiting, perAddress: 100, ...more }), now);
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
    return { state, post, port: Number(new URL(url).port) };
  }

  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 2000;
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
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
    expect(defaultUploadGate()).toMatchObject({
      concurrent: 3 * os.availableParallelism(),
      waiting: 200,
      perAddress: 2,
    });
    expect(defaultUploadGate(6)).toMatchObject({ concurrent: 6, waiting: 200, sender: DEFAULT_SENDER_LIMITS });
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

  /** A connection from `from` that sends a form's headers (and `body`, if any) and then nothing. */
  function idleForm(port: number, from: string, body = '') {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now())));
    socket.write(
      'POST /form HTTP/1.1\r\nHost: localhost\r\ncontent-type: multipart/form-data; boundary=x\r\n' +
        `content-length: 100000\r\n\r\n${body}`,
    );
    return { socket, closed, answer: () => answer };
  }

  const quick = (more: Partial<SenderLimits>): Partial<UploadGateOptions> => ({
    perAddress: 2,
    sender: { ...DEFAULT_SENDER_LIMITS, tickMs: 20, ...more },
  });

  it('lets a form with files through at once while two connections that sent only headers wait; cuts those off with 408', async () => {
    const idleMs = 1500;
    const { state, post, port } = await start(1, 10, quick({ idleMs }));
    const opened = Date.now();
    const idle = [idleForm(port, '127.0.0.2'), idleForm(port, '127.0.0.3')];
    await new Promise((r) => setTimeout(r, 100));
    expect(state.gate.load()).toMatchObject({ running: 0, arriving: 2 });
    const sent = Date.now();
    const answer = post();
    await until(() => state.releases.length === 1);
    state.releases.shift()!();
    expect((await answer).status).toBe(200);
    const took = Date.now() - sent;
    console.log(`a form with files beside two idle connections: answered in ${took} ms (idle limit ${idleMs} ms)`);
    expect(took).toBeLessThan(idleMs / 3);
    const closedAt = await Promise.all(idle.map((c) => c.closed));
    for (const c of idle) expect(c.answer()).toMatch(/^HTTP\/1\.1 408 /u);
    for (const at of closedAt) expect(at - opened).toBeGreaterThanOrEqual(idleMs - 50);
    for (const at of closedAt) expect(at - opened).toBeLessThan(idleMs + 1000);
  });

  it('cuts off a body that stops mid-way while holding its turn, and hands the turn on', async () => {
    const { state, post, port } = await start(1, 10, quick({ idleMs: 400 }));
    const stalled = idleForm(port, '127.0.0.2', '--x\r\n'.padEnd(500, 'y'));
    await until(() => state.gate.load().running === 1);
    const next = post();
    const closedAt = await stalled.closed;
    expect(stalled.answer()).toMatch(/^HTTP\/1\.1 408 .*Connection: close.*The form arrived too slowly/isu);
    await until(() => state.releases.length === 1);
    state.releases.shift()!();
    expect((await next).status).toBe(200);
    expect(closedAt).toBeGreaterThan(0);
  });

  it('cuts off a body trickling below the minimum rate once its grace has passed', async () => {
    const { state, port } = await start(1, 10, quick({ idleMs: 5000, graceMs: 400, minBytesPerSecond: 1000 }));
    const trickle = idleForm(port, '127.0.0.2', 'y');
    await until(() => state.gate.load().running === 1);
    const started = Date.now();
    const drip = setInterval(() => trickle.socket.write('y'), 50);
    const closedAt = await trickle.closed;
    clearInterval(drip);
    expect(trickle.answer()).toMatch(/^HTTP\/1\.1 408 /u);
    expect(closedAt - started).toBeGreaterThanOrEqual(350);
    expect(closedAt - started).toBeLessThan(1500);
    expect(state.read).toBe(0);
  });

  it('refuses a third form from one address with 503 and Retry-After; another address still gets in', async () => {
    const { state, post, port } = await start(1, 10, quick({ idleMs: 5000 }));
    const first = post();
    await until(() => state.handling === 1);
    const second = post();
    await until(() => state.gate.load().waiting === 1);
    const third = await post();
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toBe('60');
    expect(await third.text()).toContain('Several forms with files are already being sent from your network');
    const other = idleForm(port, '127.0.0.2', 'y');
    await until(() => state.gate.load().waiting === 2);
    other.socket.destroy();
    for (const release of state.releases.splice(0)) release();
    await until(() => state.releases.length === 1);
    state.releases.shift()!();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
  });

  it('counts as saturated once every turn is taken and a form has waited 5 s (moved clock)', async () => {
    let clock = 1_000_000;
    const { state, post } = await start(1, 10, {}, () => clock);
    const first = post();
    await until(() => state.handling === 1);
    expect(state.gate.load().saturated).toBe(false);
    const second = post();
    await until(() => state.gate.load().waiting === 1);
    clock += 4999;
    expect(state.gate.load()).toMatchObject({ saturated: false, longestWaitSeconds: 5 });
    clock += 1;
    expect(state.gate.load()).toMatchObject({ turns: 1, running: 1, waiting: 1, saturated: true });
    state.releases.shift()!();
    await until(() => state.releases.length === 1);
    expect(state.gate.load().saturated).toBe(false);
    state.releases.shift()!();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
  });
});
