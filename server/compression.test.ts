import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { Slots, brotliWindowBits, chooseEncoding, gather, registerCompression } from './compression.ts';

const PAGE = `<!DOCTYPE html><html><body>${'<p>Orbit College notice board</p>'.repeat(200)}</body></html>`;
const SCRIPT = `export const x = ${JSON.stringify('a'.repeat(5000))};`;

const LARGE = 'Orbit College export line\n'.repeat(2000);

const app = Fastify();
// A low gathering limit, so the large-body path runs on a small body.
registerCompression(app, { maxGatheredBytes: 16 * 1024 });
app.get('/page', async (_req, reply) =>
  reply.type('text/html; charset=utf-8').send(Readable.from([PAGE.slice(0, 100), PAGE.slice(100)])),
);
app.get('/api/big', async () => ({ text: 'x'.repeat(4000) }));
app.get('/api/small', async () => ({ status: 'ADMISSION OPEN' }));
app.get('/assets/entry-abc.js', async (_req, reply) =>
  reply
    .type('application/javascript; charset=utf-8')
    .header('etag', '"abc"')
    .send(Readable.from([SCRIPT])),
);
app.get('/export.txt', async (_req, reply) =>
  reply.type('text/plain; charset=utf-8').send(Readable.from(LARGE.match(/[^]{1,4096}/gu) ?? [])),
);
app.get('/cached', async (_req, reply) =>
  reply.type('text/html; charset=utf-8').header('content-encoding', 'br').send(zlib.brotliCompressSync(PAGE)),
);
app.get('/broken', async (_req, reply) => {
  async function* failing(): AsyncGenerator<string> {
    yield PAGE;
    throw new Error('render failed half-way');
  }
  return reply.type('text/html; charset=utf-8').send(Readable.from(failing()));
});
app.get('/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(Buffer.alloc(5000, 1)));
afterAll(() => app.close());

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
    [undefined, null],
  ])('picks %s -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('response compression', () => {
  it('compresses a streamed page whole, with Brotli, and sends its length', async () => {
    const res = await get('/page', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/u);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    expect(res.rawPayload.length).toBeLessThan(PAGE.length / 10);
  });

  it('compresses JSON with gzip for a client that only takes gzip', async () => {
    const res = await get('/api/big', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString())).toEqual({ text: 'x'.repeat(4000) });
  });

  it('compresses a build asset once and serves the same bytes again, with a weak ETag and its length', async () => {
    const first = await get('/assets/entry-abc.js', 'br');
    const second = await get('/assets/entry-abc.js', 'br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.etag).toBe('W/"abc"');
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(zlib.brotliDecompressSync(second.rawPayload).toString()).toBe(SCRIPT);
  });

  it('leaves alone small bodies, images, HEAD requests and clients that accept no encoding', async () => {
    expect((await get('/api/small', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/photo.jpg', 'br')).headers['content-encoding']).toBeUndefined();
    const plain = await get('/api/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/u);
    expect(plain.json()).toEqual({ text: 'x'.repeat(4000) });
    const head = await app.inject({ method: 'HEAD', url: '/api/big', headers: { 'accept-encoding': 'br' } });
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a streamed body over the gathering limit as it streams', async () => {
    const br = await get('/export.txt', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(LARGE);
    const gz = await get('/export.txt', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(LARGE);
  });

  it('passes a body that is already encoded (the render cache) through untouched', async () => {
    const res = await get('/cached', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
  });

  it('answers 500, not a truncated page, when a page stream fails before it ends', async () => {
    const res = await get('/broken', 'br');
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('brotliWindowBits', () => {
  it.each([
    [500, 16],
    [30 * 1024, 16],
    [150 * 1024, 18],
    [1024 * 1024, 20],
    [50 * 1024 * 1024, 22],
  ])('a body of %i bytes gets a window of 2^%i bytes', (bytes, bits) => {
    expect(brotliWindowBits(bytes)).toBe(bits);
    expect(2 ** brotliWindowBits(bytes)).toBeGreaterThanOrEqual(Math.min(bytes, 2 ** 22));
  });
});

describe('Slots', () => {
  it('runs at most its size at once, the rest in arrival order', async () => {
    const slots = new Slots(2);
    const started: number[] = [];
    const release: (() => void)[] = [];
    const jobs = [0, 1, 2, 3].map((i) =>
      slots.run(async () => {
        started.push(i);
        await new Promise<void>((resolve) => release.push(resolve));
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(slots.queued).toBe(2);
    release[1]?.();
    await jobs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    release[0]?.();
    await new Promise((resolve) => setImmediate(resolve));
    release[2]?.();
    release[3]?.();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3]);
    expect(slots.active).toBe(0);
  });

  it('frees its slot when a job fails', async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error('compression failed')))).rejects.toThrow(
      'compression failed',
    );
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});

describe('gather', () => {
  it('reads a stream whole under the limit, and replays it in full over the limit', async () => {
    const parts = ['a'.repeat(100), 'b'.repeat(100), 'c'.repeat(100)];
    const whole = await gather(Readable.from(parts), 1000);
    expect(whole.complete && whole.body.toString()).toBe(parts.join(''));
    const over = await gather(Readable.from(parts), 150);
    expect(over.complete).toBe(false);
    if (over.complete) return;
    const replayed: Buffer[] = [];
    for await (const chunk of over.stream) replayed.push(chunk as Buffer);
    expect(Buffer.concat(replayed).toString()).toBe(parts.join(''));
  });
});
