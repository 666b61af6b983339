import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SITE_SCRIPT_LOADER } from '#common/site-script-loader.ts';
import { embedOrigins, pageCsp } from './security-headers.ts';

describe('page Content-Security-Policy', () => {
  const map = 'https://maps.google.com/maps?q=Bikash%20Chowk&output=embed';
  const csp = pageCsp('abc123', { siteUrl: 'http://localhost:3000' }, embedOrigins([map]));

  it('allows scripts only from the site and with the nonce, never unsafe-inline', () => {
    const scripts = csp.split('; ').find((d) => d.startsWith('script-src'));
    expect(scripts).toBe("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/u);
  });

  it("allows a page without a nonce the site's script files and the loader's exact text, nothing else inline", () => {
    const scripts = pageCsp(null, { siteUrl: 'http://localhost:3000' })
      .split('; ')
      .find((d) => d.startsWith('script-src'));
    const hash = createHash('sha256').update(SITE_SCRIPT_LOADER).digest('base64');
    expect(scripts).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('forbids framing the site and limits frames to the embeds in use', () => {
    expect(csp).toContain("frame-ancestors 'none'");
    const frames = csp.split('; ').find((d) => d.startsWith('frame-src'))!;
    expect(frames).toContain('https://maps.google.com');
    expect(frames).not.toContain('*');
    expect(pageCsp('n', { siteUrl: 'http://localhost:3000' })).toContain("frame-src 'none'");
  });

  it('upgrades insecure requests only over HTTPS', () => {
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(pageCsp('n', { siteUrl: 'https://orbit.edu.np' })).toContain('upgrade-insecure-requests');
  });

  it('frames nothing when no embed is configured', () => {
    expect(embedOrigins(['', 'not a url', 'http://insecure.example'])).toEqual([]);
    expect(embedOrigins(['https://www.youtube-nocookie.com/embed/x'])).toEqual(['https://www.youtube-nocookie.com']);
  });
});

describe('security headers on responses', () => {
  it('every API response says nosniff, a referrer policy, no framing, and no HSTS over plain HTTP', async () => {
    const { createTestApp } = await import('#server/test-support/test-app.ts');
    const t = await createTestApp();
    try {
      for (const url of ['/api/health', '/api/notices', '/api/nope', '/media/img/none.jpg']) {
        const res = await t.app.inject({ url });
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
        expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
        expect(res.headers['strict-transport-security'], url).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('isolates every answer from its opener except those that are the same for every visitor', async () => {
    const { createTestApp } = await import('#server/test-support/test-app.ts');
    const t = await createTestApp();
    try {
      const shared = await t.app.inject({ url: '/api/notices' });
      expect(shared.headers['cache-control']).toMatch(/\bpublic\b/u);
      expect(shared.headers['cross-origin-opener-policy']).toBeUndefined();
      for (const url of ['/api/admin/notices', '/api/health', '/api/auth/session']) {
        const res = await t.app.inject({ url });
        expect(res.headers['cache-control'] ?? '', url).not.toMatch(/\bpublic\b/u);
        expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      }
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: 'nobody@orbit.test', password: 'wrong-password-1' },
      });
      expect(signIn.headers['cross-origin-opener-policy']).toBe('same-origin');
    } finally {
      await t.close();
    }
  });

  it('sends HSTS when the site is served over HTTPS', async () => {
    const { createTestApp } = await import('#server/test-support/test-app.ts');
    const t = await createTestApp({ SITE_URL: 'https://orbit.example' });
    try {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
    }
  });
});
