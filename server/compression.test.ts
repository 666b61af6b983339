import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseEncoding, registerCompression } from './compression.ts';

const PAGE = `<!DOCTYPE html><html><body>${'<p>Orbit College notice board</p>'.repeat(200)}</body></html>`;
const SCRIPT = `export const x = ${JSON.stringify('a'.repeat(5000))};`;

const app = Fastify();
registerCompression(app);
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
  it('compresses a streamed page with Brotli, keeping the stream readable to the end', async () => {
    const res = await get('/page', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/u);
    expect(res.headers['content-length']).toBeUndefined();
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
});
