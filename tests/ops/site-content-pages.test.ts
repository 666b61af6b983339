/**
 * The public pages show the college's content as the office saved it through the admin API: the built
 * server renders it from the database, and the render cache serves the change on the very next view.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ServerProcess, sameOrigin, signIn, startServer } from './server-process.ts';

let server: ServerProcess;
let cookie: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-site-content-'));
  server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD });
  cookie = await signIn(server);
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Section = Record<string, unknown> & { version: number };

async function read(section: string): Promise<Section> {
  const res = await fetch(`${server.url}/api/admin/content/${section}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as Section;
}

async function save(section: string, body: Section): Promise<void> {
  const { updatedAt: _updatedAt, ...fields } = body;
  const res = await fetch(`${server.url}/api/admin/content/${section}`, {
    method: 'PUT',
    headers: { ...sameOrigin(server), cookie, 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function html(pagePath: string): Promise<string> {
  const res = await fetch(`${server.url}${pagePath}`);
  expect(res.status).toBe(200);
  return res.text();
}

const text = (en: string) => ({ en, ne: '' });
/** The footer, where every public page shows the phone numbers. */
const footer = (page: string) => page.slice(page.indexOf('<footer'));

describe('public pages read the content from the database', () => {
  it('shows the defaults before anything is saved', async () => {
    const home = await html('/');
    expect(home).toContain('<title>Orbit College | Open Up Your Future</title>');
    expect(footer(home)).toContain('href="tel:+9779855060414">9855060414</a>');
    expect(home).toContain('href="/downloads/prospectus.pdf" target="_blank"');
    // The first drawing comes inside the page (its largest paint, no request); the others by address, lazily.
    expect(home).toMatch(/<img src="data:image\/svg\+xml,%3Csvg [^"]+" alt="Drawing of the college building among/u);
    expect(home).toMatch(/<img src="\/drawings\/banner-2-[0-9a-f]{12}\.svg" alt="[^"]+"[^>]* loading="lazy"/u);
    expect(home).not.toMatch(/<link rel="preload"[^>]* as="image"/u);
    expect(await html('/contact')).toMatch(/<img src="data:image\/svg\+xml,%3Csvg [^"]+" alt="Sketch map/u);
  });

  it('shows a saved college section on / and /contact, and a second save on the next view (render cache)', async () => {
    expect(await html('/')).toContain('9855060414'); // the render cache now holds /
    const college = await read('college');
    await save('college', {
      ...college,
      name: text('Orbit Test College'),
      motto: text('Learn Every Day'),
      phones: ['056-418307', '9855012345'],
      email: 'office@orbit.test',
    });

    const home = await html('/');
    expect(home).toContain('<title>Orbit Test College | Learn Every Day</title>');
    expect(home).toContain('<span class="brand__name">Orbit Test College</span>');
    expect(footer(home)).toContain('href="tel:+9779855012345">9855012345</a>');
    expect(footer(home)).not.toContain('9855060414');
    expect(footer(home)).toContain('href="mailto:office@orbit.test"');

    const contact = await html('/contact');
    expect(contact).toContain('<title>Contact | Orbit Test College</title>');
    const details = contact.slice(contact.indexOf('contact-details'), contact.indexOf('<footer'));
    expect(details).toContain('href="tel:+9779855012345">9855012345</a>');
    expect(footer(contact)).toContain('9855012345');

    const again = await read('college');
    await save('college', { ...again, phones: ['01-5550123'], email: '' });
    const next = await html('/');
    expect(footer(next)).toContain('href="tel:+97715550123">01-5550123</a>');
    expect(next).not.toContain('9855012345');
    // An empty address hides what would use it.
    expect(next).not.toContain('mailto:');
  });

  it('shows added courses, edited testimonials and messages, and hides the Prospectus link once removed', async () => {
    const courses = await read('courses');
    const cards = courses['cards'] as object[];
    await save('courses', {
      ...courses,
      cards: [
        ...cards,
        { title: text('School of Law'), summary: text('Law for +2.'), icon: { kind: 'icon', name: 'bell' } },
      ],
    });
    const messages = await read('messages');
    const principal = messages['principal'] as Record<string, unknown>;
    await save('messages', {
      ...messages,
      chairman: { ...(messages['chairman'] as object), photo: 'keep' },
      principal: {
        ...principal,
        name: text('Sita Sharma'),
        body: text('First paragraph.\n\nSecond paragraph.'),
        photo: 'keep',
      },
    });
    const testimonials = await read('testimonials');
    await save('testimonials', { ...testimonials, items: [] });

    const home = await html('/');
    expect(home).toContain('<h3>School of Law</h3>');
    expect(home).toContain('<p>First paragraph.</p><p>Second paragraph.</p>');
    expect(home).toContain('— Sita Sharma, Principal');
    expect(home).not.toContain('What our students say');

    const downloads = await read('downloads');
    await save('downloads', { ...downloads, prospectus: 'none' });
    const after = await html('/gallery');
    expect(after).not.toContain('Prospectus');
    expect(after).toContain('Gallery: Life at Orbit | Orbit Test College</title>');
  });
});
