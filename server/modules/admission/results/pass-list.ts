import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { LocalText } from '#common/site-content/local-text.ts';
import type { Db } from '#server/db/db.ts';
import type { PrintLogo } from '#server/modules/content/index.ts';
import * as repo from './merit.repository.ts';

const run = promisify(execFile);

/** The site's own Devanagari font (Noto Sans Devanagari, subset to Nepali): the PDF needs no system font. */
const FONT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../app/fonts');

async function fontFaces(): Promise<string> {
  const faces = await Promise.all(
    [400, 700].map(async (weight) => {
      const body = await fs.readFile(path.join(FONT_DIR, `noto-sans-devanagari-${weight}.woff2`));
      return `@font-face { font-family: 'Site Devanagari'; font-weight: ${weight}; src: url(data:font/woff2;base64,${body.toString('base64')}) format('woff2'); }`;
    }),
  );
  return faces.join('\n');
}

/** The Chromium that prints the pass list (it shapes Devanagari correctly; pdf-lib does not). */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PassListRow {
  programme: string;
  rollNumber: number;
  nameEn: string;
  nameNe: string;
  outcome: string;
  waitlistPosition: number | null;
}

/** Offered and waitlisted candidates of a published season, by programme and merit order. */
export const passListRows = async (db: Db, seasonId: string): Promise<PassListRow[]> =>
  (await repo.passListEntries(db, seasonId)).map((r) => ({
    programme: r.name_en,
    rollNumber: Number(r.roll_number),
    nameEn: r.applicant_en,
    nameNe: r.applicant_ne,
    outcome: r.outcome,
    waitlistPosition: r.waitlist_position === null ? null : Number(r.waitlist_position),
  }));

/**
 * The pass list as a printable A4 page, headed by the college's stored logo (when it has one) and name in both
 * languages (the Nepali one only when there is one): names in both scripts, or roll numbers only.
 */
export async function passListHtml(
  title: string,
  rows: PassListRow[],
  withNames: boolean,
  college: LocalText,
  logo: PrintLogo | null = null,
): Promise<string> {
  const programmes = [...new Set(rows.map((r) => r.programme))];
  const section = (programme: string) => {
    const of = rows.filter((r) => r.programme === programme);
    const line = (r: PassListRow) =>
      `<tr><td>${r.rollNumber}</td>${withNames ? `<td>${escapeHtml(r.nameEn)}</td><td lang="ne">${escapeHtml(r.nameNe)}</td>` : ''}<td>${r.outcome === 'offered' ? 'Offered / <span lang="ne">भर्ना प्रस्ताव</span>' : `Waiting list ${r.waitlistPosition} / <span lang="ne">प्रतीक्षा सूची ${r.waitlistPosition}</span>`}</td></tr>`;
    return `<h2>${escapeHtml(programme)}</h2><table><thead><tr><th>Roll no. / <span lang="ne">रोल नं.</span></th>${withNames ? '<th>Name</th><th lang="ne">नाम</th>' : ''}<th>Result / <span lang="ne">नतिजा</span></th></tr></thead><tbody>${of.map(line).join('')}</tbody></table>`;
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
${await fontFaces()}
@page { size: A4; margin: 16mm; }
body { font-family: 'Liberation Sans', 'DejaVu Sans', 'Site Devanagari', sans-serif; font-size: 11pt; color: #000; }
:lang(ne) { font-family: 'Site Devanagari', sans-serif; }
.logo { display: block; height: 18mm; width: auto; margin: 0 0 2mm; }
.college { font-size: 13pt; font-weight: bold; margin: 0; } h1 { font-size: 16pt; } h2 { font-size: 13pt; margin-top: 1.2em; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #444; padding: 3px 6px; text-align: left; }
thead { display: table-header-group; } tr { break-inside: avoid; }
</style></head><body>${logo ? `<img class="logo" src="${logo.src}" width="${logo.width}" height="${logo.height}" alt="">` : ''}<p class="college">${escapeHtml(college.en)}${college.ne ? ` / <span lang="ne">${escapeHtml(college.ne)}</span>` : ''}</p><h1>${escapeHtml(title)}</h1>${programmes.map(section).join('')}</body></html>`;
}

/**
 * Prints `html` to a PDF with headless Chromium. Null when Chromium is not installed (the caller publishes
 * the list without it and says so); a Chromium that fails or hangs throws.
 */
export async function printPdf(html: string, timeoutMs = 30_000): Promise<Buffer | null> {
  const chromium = chromiumPath();
  try {
    await fs.access(chromium);
  } catch {
    return null;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-pass-list-'));
  try {
    const page = path.join(dir, 'list.html');
    const out = path.join(dir, 'list.pdf');
    await fs.writeFile(page, html);
    const args = [
      '--headless',
      '--disable-gpu',
      '--no-pdf-header-footer',
      `--user-data-dir=${path.join(dir, 'profile')}`,
      `--print-to-pdf=${out}`,
      `file://${page}`,
    ];
    // Chromium refuses to run as root without this; the page printed is our own, with no network.
    if (process.getuid?.() === 0) args.unshift('--no-sandbox');
    await run(chromium, args, { timeout: timeoutMs });
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
