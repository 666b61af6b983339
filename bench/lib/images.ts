import path from 'node:path';
import SQLite from 'better-sqlite3';
import { chromium } from '@playwright/test';
import { CHROMIUM } from './lighthouse.ts';

export interface ImageChoice {
  viewport: string;
  images: number;
  /** Bytes of the variants the browser chose for the gallery's thumbnails. */
  chosenBytes: number;
  /** What the same photos weighed as uploaded. */
  originalBytes: number;
  formats: string[];
  widths: number[];
}

const VIEWPORTS = [
  { name: 'phone 390 px, DPR 3', width: 390, height: 844, deviceScaleFactor: 3, isMobile: true },
  { name: 'desktop 1280 px, DPR 1', width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false },
];

/**
 * Opens /gallery at a phone and a desktop width, brings every thumbnail into view, and adds up the bytes
 * of the file the browser actually chose from each srcset (currentSrc), against the original uploads.
 */
export async function measureGalleryImages(baseUrl: string, dataDir: string): Promise<ImageChoice[]> {
  const db = new SQLite(path.join(dataDir, 'orbit.sqlite'), { readonly: true });
  const originals = new Map(
    (
      db.prepare(`select id, original_bytes from images where folder = 'gallery'`).all() as {
        id: string;
        original_bytes: number;
      }[]
    ).map((r) => [r.id, r.original_bytes]),
  );
  db.close();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const out: ImageChoice[] = [];
    for (const vp of VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: vp.width, height: vp.height },
        deviceScaleFactor: vp.deviceScaleFactor,
        isMobile: vp.isMobile,
      });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/gallery`, { waitUntil: 'networkidle' });
      const imgs = page.locator('main img');
      const count = await imgs.count();
      for (let i = 0; i < count; i++) await imgs.nth(i).scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('main img')].every((i) => (i as HTMLImageElement).complete),
      );
      const chosen = await page.evaluate(() =>
        [...document.querySelectorAll('main img')].map((img) => (img as HTMLImageElement).currentSrc),
      );
      let chosenBytes = 0;
      let originalBytes = 0;
      const formats = new Set<string>();
      const widths = new Set<number>();
      for (const src of chosen.filter(Boolean)) {
        const res = await page.request.get(src);
        chosenBytes += (await res.body()).length;
        const m = /img\/([0-9a-f-]{36})\/[0-9a-f]+-(\d+)\.(\w+)$/u.exec(new URL(src).pathname);
        if (m) {
          originalBytes += originals.get(m[1] ?? '') ?? 0;
          widths.add(Number(m[2]));
          formats.add(m[3] ?? '');
        }
      }
      out.push({
        viewport: vp.name,
        images: chosen.filter(Boolean).length,
        chosenBytes,
        originalBytes,
        formats: [...formats],
        widths: [...widths].sort((a, b) => a - b),
      });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}
