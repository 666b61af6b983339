import { once } from 'node:events';
import net from 'node:net';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '#server/test-support/test-app.ts';
import { PUBLIC_CACHE_CONTROL } from '#common/http-cache.ts';
import { ContentVersion, changeContent } from './content-version.ts';
import { registerResponseCache } from './response-cache.ts';
import { registerSecurityHeaders } from '../security-headers.ts';

const { db, cleanup } = await createTestDb();

interface Counting {
  app: FastifyInstance;
  renders: Map<string, number>;
  cache: ReturnType<typeof registerResponseCache>;
}

/** A real Fastify app with the render cache, whose page handlers count how often they really render. */
async function countingApp(versions = new ContentVersion(db)): Promise<Counting> {
  const app = Fastify();
  const renders = new Map<string, number>();
  const cache = registerResponseCache(app, versions);
  const count = (key: string) => renders.set(key, (renders.get(key) ?? 0) + 1).get(key)!;
  app.get('/page', { config: { responseCache: true } }, async (_request, reply) => {
    const n = count('page');
    // Slow enough that concurrent requests overlap with the render in flight.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', PUBLIC_CACHE_CONTROL)
      .send(`<!doctype html><p>render ${n}</p>${'<p>notice</p>'.repeat(200)}`);
  });
  app.get('/private', { config: { responseCache: true } }, async (_request, reply) => {
    count('private');
    return reply.type('text/html').send('<p>no cache-control: not kept</p>');
  });
  app.get('/cookie', { config: { responseCache: true } }, async (_request, reply) => {
    count('cookie');
    return reply.type('text/html').header('cache-control', PUBLIC_CACHE_CONTROL).header('set-cookie', 'a=b').send('x');
  });
  app.get('/broken', { config: { responseCache: true } }, async () => {
    count('broken');
    throw new Error('render failed');
  });
  app.get('/not-opted-in', async (_request, reply) => {
    count('not-opted-in');
    return reply.header('cache-control', PUBLIC_CACHE_CONTROL).send('static');
  });
  // Stand-ins for the services' writes: the same changeContent they use, around no real row.
  app.post('/api/admin/notices', async () => {
    await changeContent(db, new Date(), async () => undefined);
    return { ok: true };
  });
  app.post('/api/admin/refused', async () => {
    await changeContent(db, new Date(), async () => {
      throw new Error('the write failed: its transaction rolls back');
    });
  });
  app.get('/admin/page', async () => 'admin');
  await app.ready();
  return { app, renders, cache };
}

const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await cleanup();
});

let a: Counting;
beforeEach(async () => {
  a = await countingApp();
  apps.push(a.app);
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('render cache', () => {
  it('renders a shared link once whatever tracking parameters its clicks carry, and keeps the page parameters', async () => {
    const clicks = await Promise.all(
      Array.from({ length: 50 }, (_, i) => get(a.app, `/page?fbclid=click-${i}&utm_source=facebook`)),
    );
    expect(clicks.every((r) => r.statusCode === 200 && r.body.includes('render 1'))).toBe(true);
    expect((await get(a.app, '/page')).body).toContain('render 1');
    expect((await get(a.app, '/page?page=2&fbclid=x')).body).toContain('render 2');
    expect(a.renders.get('page')).toBe(2);
  });

  it('renders a page once for 1,000 concurrent requests and serves them all the same page', async () => {
    const responses = await Promise.all(Array.from({ length: 1000 }, () => get(a.app, '/page')));
    expect(a.renders.get('page')).toBe(1);
    expect(new Set(responses.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
  });

  it('renders once again for 1,000 concurrent requests right after an admin write', async () => {
    await get(a.app, '/page');
    await a.app.inject({ method: 'POST', url: '/api/admin/notices' });
    const responses = await Promise.all(Array.from({ length: 1000 }, () => get(a.app, '/page')));
    expect(a.renders.get('page')).toBe(2);
    expect(responses.every((r) => r.body.includes('render 2'))).toBe(true);
  });

  it('serves the stored Brotli and gzip variants, with one ETag, Vary and the public Cache-Control', async () => {
    const br = await get(a.app, '/page', { 'accept-encoding': 'br, gzip' });
    const gz = await get(a.app, '/page', { 'accept-encoding': 'gzip' });
    const plain = await get(a.app, '/page');
    expect(a.renders.get('page')).toBe(1);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toMatch(/^W\/"/u);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(1);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
  });

  it('keeps a new page with quick compression, then remakes it with the best in the background, same ETag', async () => {
    const first = await get(a.app, '/page', { 'accept-encoding': 'br' });
    expect(a.cache.store.get('/page')?.effort).toBe('quick');
    await a.cache.refined();
    const entry = a.cache.store.get('/page');
    expect(entry?.effort).toBe('best');
    const second = await get(a.app, '/page', { 'accept-encoding': 'br' });
    expect(second.headers.etag).toBe(first.headers.etag);
    const best = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } };
    expect(second.rawPayload.equals(zlib.brotliCompressSync(entry!.identity, best))).toBe(true);
    expect(zlib.brotliDecompressSync(second.rawPayload).toString()).toBe(
      zlib.brotliDecompressSync(first.rawPayload).toString(),
    );
    expect(a.cache.store.bytes).toBe(entry?.bytes);
    expect(a.renders.get('page')).toBe(1);
  });

  it('serves one entry whatever parameters no page reads are added, and renders it once', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => get(a.app, `/page?bust=${i}`)));
    expect(a.renders.get('page')).toBe(1);
    expect(a.cache.store.size).toBe(1);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
  });

  it('answers 304 with no body to a matching If-None-Match, and 200 once the page changed', async () => {
    const first = await get(a.app, '/page');
    const again = await get(a.app, '/page', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await a.app.inject({ method: 'POST', url: '/api/admin/notices' });
    const changed = await get(a.app, '/page', { 'if-none-match': String(first.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('shows a write made through another process on that process’s very next request', async () => {
    const b = await countingApp();
    apps.push(b.app);
    expect((await get(b.app, '/page')).body).toContain('render 1');
    expect((await get(b.app, '/page')).body).toContain('render 1');
    await a.app.inject({ method: 'POST', url: '/api/admin/notices' });
    expect((await get(b.app, '/page')).body).toContain('render 2');
    expect(b.renders.get('page')).toBe(2);
  });

  it('keeps its pages when a change fails and rolls back', async () => {
    await get(a.app, '/page');
    expect((await a.app.inject({ method: 'POST', url: '/api/admin/refused' })).statusCode).toBe(500);
    await get(a.app, '/page');
    expect(a.renders.get('page')).toBe(1);
  });

  it('never keeps an answer without public Cache-Control, one that sets a cookie, an error, or an unmarked route', async () => {
    for (const url of ['/private', '/cookie', '/broken', '/not-opted-in']) {
      await get(a.app, url);
      await get(a.app, url);
      expect(a.renders.get(url.slice(1)), url).toBe(2);
    }
    expect((await get(a.app, '/cookie')).headers['cache-control']).toBe('private, no-store');
  });

  it('tells every cache not to keep admin answers', async () => {
    expect((await get(a.app, '/admin/page')).headers['cache-control']).toBe('private, no-store');
    const write = await a.app.inject({ method: 'POST', url: '/api/admin/notices' });
    expect(write.headers['cache-control']).toBe('private, no-store');
  });

  it('lets waiters render for themselves when the first render fails', async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => get(a.app, '/broken')));
    expect(responses.every((r) => r.statusCode === 500)).toBe(true);
    expect(a.cache.store.inFlight.size).toBe(0);
  });

  it('does not render for a visitor who left while the request waited its turn', async () => {
    let reached!: () => void;
    const waiting = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The content version read is where a request waits behind others: hold it until the client has gone.
    class HeldVersion extends ContentVersion {
      override async current() {
        reached();
        await held;
        return super.current();
      }
    }
    const slow = await countingApp(new HeldVersion(db));
    apps.push(slow.app);
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = slow.app.server.address() as net.AddressInfo;
    const accepted = once(slow.app.server, 'connection') as Promise<[net.Socket]>;
    const client = net.connect(port, '127.0.0.1');
    client.write('GET /page HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const [serverSocket] = await accepted;
    await waiting;
    client.destroy();
    await once(serverSocket, 'close');
    release();
    // Give the request every chance to render if it were going to.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(slow.renders.get('page')).toBeUndefined();
    expect(slow.cache.store.inFlight.size).toBe(0);
  });
});

describe('render cache hits', () => {
  it('carry the same security headers as the render they replay, and a 304 no type and no policy', async () => {
    const app = Fastify();
    apps.push(app);
    // In the app's order: the security headers' hook runs before the cache keeps an answer.
    registerSecurityHeaders(app, {
      siteUrl: 'https://orbit.test',
      embedUrls: async () => ['https://www.youtube-nocookie.com/embed/x'],
    });
    registerResponseCache(app, new ContentVersion(db));
    app.get('/page', { config: { responseCache: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', PUBLIC_CACHE_CONTROL).send('<p>page</p>'),
    );
    await app.ready();
    const render = await get(app, '/page', { 'accept-encoding': 'br' });
    const hit = await get(app, '/page', { 'accept-encoding': 'br' });
    const { date: _renderDate, ...rendered } = render.headers;
    const { date: _hitDate, ...replayed } = hit.headers;
    expect(rendered['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com');
    expect(rendered['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(replayed).toEqual(rendered);
    expect(hit.rawPayload.equals(render.rawPayload)).toBe(true);

    const head = await app.inject({ method: 'HEAD', url: '/page', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(hit.headers['content-length']);

    const notModified = await get(app, '/page', { 'if-none-match': String(hit.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['content-type']).toBeUndefined();
    expect(notModified.headers['content-security-policy']).toBeUndefined();
    expect(notModified.headers['x-frame-options']).toBe('DENY');
    expect(notModified.headers.etag).toBe(hit.headers.etag);
  });
});
