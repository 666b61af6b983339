import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { statusOfPhase } from '#common/admission/admission-phase.ts';
import { admissionStatusLine, fullStop, seasonStatusLine } from '#common/admission/admission-status-line.ts';
import { ne } from '#common/i18n/ne.ts';
import { ADMISSION_STATUS_PAGE } from './support/admin-paths.ts';
import { setServerClock } from './support/clock.ts';
import { BASE_URL } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';
import { FULL_CALENDAR, a } from '#server/test-support/seasons.ts';

// One admission status: whatever the season's dates and the override, `/api/admission`, the home page, the
// admission page (in English and Nepali), the admin's status page and the season's page state the same
// status, and the admin pages say where it comes from. The status page's switch is the published season's
// override, and works as a plain form. The server's clock is moved; every test puts back the clock, the
// seasons it made and the stored status.
test.describe.configure({ mode: 'serial' });

const HEADERS = { origin: BASE_URL };
type Status = 'ADMISSION ENQUIRY' | 'ADMISSION OPEN' | 'ADMISSION CLOSED';
type Choice = '' | Status;

// 2084/85 opens 1 Ashadh 2084 (15 Jun 2027), closes 31 Ashadh (15 Jul 2027), late until 5 Shrawan (21 Jul).
const SEASON = a.season(FULL_CALENDAR);
const PROGRAMME = {
  nameEn: 'Science',
  nameNe: 'विज्ञान',
  stream: 'Science',
  seats: 40,
  fees: [{ nameEn: 'Admission fee', nameNe: 'भर्ना शुल्क', amount: 25_000, period: 'once', neb: false }],
  admissionFeeForContinuing: false,
  feeApprovedBy: 'Bharatpur Metropolitan City',
  feeApprovedOn: '2084-02-15',
  feeReference: '',
  minGpa: 0,
  minGrades: [],
  scholarshipSeats: {},
};
/** A Nepal noon in each phase of the season. */
const PHASES = [
  { phase: 'upcoming', at: '2027-06-01T06:15:00Z' },
  { phase: 'open', at: '2027-06-20T06:15:00Z' },
  { phase: 'late', at: '2027-07-18T06:15:00Z' },
  { phase: 'closed', at: '2027-07-25T06:15:00Z' },
] as const;
const CHOICES: Choice[] = ['', 'ADMISSION ENQUIRY', 'ADMISSION OPEN', 'ADMISSION CLOSED'];

async function makeSeason(request: APIRequestContext, publish: boolean): Promise<string> {
  const created = await request.post('/api/admin/seasons', { headers: HEADERS, data: SEASON });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const programme = await request.post(`/api/admin/seasons/${id}/programmes`, { headers: HEADERS, data: PROGRAMME });
  expect(programme.status(), await programme.text()).toBe(201);
  if (publish) {
    const published = await request.post(`/api/admin/seasons/${id}/publish`, {
      headers: HEADERS,
      data: { belowMinimum: true },
    });
    expect(published.status(), await published.text()).toBe(200);
  }
  return id;
}

/** Puts back what these tests change: the clock, every season, the stored status (ADMISSION ENQUIRY). */
async function putBack(page: Page) {
  setServerClock(null);
  await signInByApi(page);
  const { seasons } = (await (await page.request.get('/api/admin/seasons')).json()) as { seasons: { id: string }[] };
  for (const { id } of seasons) {
    await page.request.post(`/api/admin/seasons/${id}/withdraw`, { headers: HEADERS });
    expect((await page.request.delete(`/api/admin/seasons/${id}`, { headers: HEADERS })).status()).toBe(204);
  }
  const res = await page.request.put('/api/admin/admission', {
    headers: HEADERS,
    data: { status: 'ADMISSION ENQUIRY' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Moves the server's clock; the admin signs in again, as sessions are timed by the same clock. */
async function moveClock(page: Page, at: string | null) {
  setServerClock(at);
  await signInByApi(page);
}

/** The text of the first element whose opening tag matches `open`, without its tags (React's <!-- --> too). */
function textOf(html: string, open: RegExp, what: string): string {
  const match = open.exec(html);
  expect(match, `${what}: not found`).not.toBeNull();
  const start = match!.index + match![0].length;
  const tag = /^<(\w+)/u.exec(match![0])![1];
  const end = html.indexOf(`</${tag}>`, start);
  return html
    .slice(start, end)
    .replace(/<!--.*?-->|<[^>]+>/gu, '')
    .replace(/&#x27;/gu, "'")
    .replace(/&amp;/gu, '&')
    .trim();
}

const PUBLIC_EN = {
  home: ['/', /<h2 id="admissions-title"[^>]*>/u],
  admission: ['/admission', /<h2 class="admission-call__status"[^>]*>/u],
} as const;

test.describe('every page states the one status', () => {
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await putBack(page);
    await page.close();
  });

  test('through every season state, date and override, the API, public pages and admin pages agree', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await putBack(page);
    const request = page.request;
    let checked = 0;

    async function expectEverywhere(expected: Status, seasonId: string | null, draftLine: string | null) {
      const api = (await (await request.get('/api/admission')).json()) as Parameters<typeof admissionStatusLine>[0];
      expect(api.status).toBe(expected);
      for (const [path, heading] of Object.values(PUBLIC_EN)) {
        expect(textOf(await (await request.get(path)).text(), heading, path), path).toBe(expected);
        const nepali = await (await request.get(`/ne${path === '/' ? '' : path}`)).text();
        expect(textOf(nepali, heading, `/ne${path}`), `/ne${path}`).toBe(ne.admissions.status[expected]);
      }
      const line = /<p class="admission-status-line"[^>]*>/u;
      const statusPage = await (await request.get(ADMISSION_STATUS_PAGE)).text();
      expect(textOf(statusPage, line, 'status page')).toBe(`The public sees ${fullStop(admissionStatusLine(api))}`);
      if (seasonId) {
        const seasonPage = await (await request.get(`/admin/seasons/${seasonId}`)).text();
        expect(textOf(seasonPage, line, 'season page')).toBe(
          `The public sees now ${fullStop(admissionStatusLine(api))}`,
        );
        // A draft says what it would show once published, from its own dates and override, never as 'the public sees'.
        if (draftLine)
          expect(textOf(seasonPage, /<strong data-season-status[^>]*>/u, 'draft')).toBe(fullStop(draftLine));
      }
      checked++;
    }

    // No season: the status stored by hand.
    for (const stored of ['ADMISSION OPEN', 'ADMISSION ENQUIRY'] as const) {
      const res = await request.put('/api/admin/admission', { headers: HEADERS, data: { status: stored } });
      expect(res.status()).toBe(200);
      await expectEverywhere(stored, null, null);
    }

    // A draft season: the public still sees the stored status, whatever the draft's dates and override.
    const draft = await makeSeason(request, false);
    for (const { phase, at } of PHASES) {
      await moveClock(page, at);
      for (const choice of CHOICES) {
        const set = await request.put(`/api/admin/seasons/${draft}/override`, {
          headers: HEADERS,
          data: { status: choice },
        });
        expect(set.status()).toBe(200);
        const own = { status: choice || statusOfPhase(phase), phase, closingSoonDays: null, overridden: !!choice };
        await expectEverywhere('ADMISSION ENQUIRY', draft, seasonStatusLine(own, SEASON));
      }
    }
    await moveClock(page, null);
    expect((await request.delete(`/api/admin/seasons/${draft}`, { headers: HEADERS })).status()).toBe(204);

    // A published season: its dates, or the override the status page's switch sets.
    const published = await makeSeason(request, true);
    for (const { phase, at } of PHASES) {
      await moveClock(page, at);
      for (const choice of CHOICES) {
        const set = await request.put('/api/admin/admission', { headers: HEADERS, data: { status: choice } });
        expect(set.status(), await set.text()).toBe(200);
        await expectEverywhere(choice || statusOfPhase(phase), published, null);
      }
    }
    expect(checked).toBe(2 + 16 + 16);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the status page ${javaScriptEnabled ? 'with' : 'without'} JavaScript @phone`, () => {
    test.use({ javaScriptEnabled });
    test.afterEach(async ({ page }) => putBack(page));
    // Full-page screenshots of the long season page, when asked for, take a while at phone width.
    test.setTimeout(120_000);

    test('with no season published it sets the status shown; with one, that season’s override', async ({
      page,
    }, testInfo) => {
      await putBack(page);
      await page.goto(ADMISSION_STATUS_PAGE);
      const line = page.locator('.admission-status-line');
      await expect(line).toHaveText('The public sees ADMISSION ENQUIRY, set by hand (no season is published).');
      await expect(page.getByText('No season is published: the status chosen here')).toBeVisible();
      const select = page.getByRole('combobox', { name: 'Admission status' });
      // With no season there are no dates to follow and nothing is closed.
      await expect(select.getByRole('option')).toHaveText(['ADMISSION ENQUIRY', 'ADMISSION OPEN']);
      await select.selectOption('ADMISSION OPEN');
      await page.getByRole('button', { name: 'Save status' }).click();
      await expect(page.getByText('Admission status updated successfully.')).toBeVisible();
      await expect(line).toHaveText('The public sees ADMISSION OPEN, set by hand (no season is published).');
      // Posted as a form, not a query: the choice never goes into the address.
      expect(page.url()).not.toContain('ADMISSION');

      // The season opens on 1 Ashadh: on 5 Ashadh 2084 (19 Jun 2027) its dates say open.
      await moveClock(page, '2027-06-19T06:15:00Z');
      const id = await makeSeason(page.request, true);
      await page.goto(ADMISSION_STATUS_PAGE);
      await expect(line).toHaveText(
        'The public sees ADMISSION OPEN, from the published season 2084/85: closes 31 Ashadh 2084 B.S.',
      );
      await expect(page.getByText('Season 2084/85 is published: its dates decide the status.')).toBeVisible();
      const seasonSelect = page.getByRole('combobox', { name: 'Status of season 2084/85' });
      await expect(seasonSelect).toHaveValue('');
      await expect(seasonSelect.getByRole('option', { selected: true })).toHaveText(
        'Follow the dates (today: ADMISSION OPEN)',
      );
      await seasonSelect.selectOption('ADMISSION CLOSED');
      await page.getByRole('button', { name: 'Save status' }).click();
      await expect(page.getByText('Admission status updated successfully.')).toBeVisible();
      await expect(line).toHaveText(
        'The public sees ADMISSION CLOSED, set by hand on the published season 2084/85 (its dates give ADMISSION OPEN: closes 31 Ashadh 2084 B.S.).',
      );
      await screenshots(page, `admission-status-override-${testInfo.project.name}-js-${javaScriptEnabled}`);

      // The season's page says the same, and its own override form holds the same choice.
      await page.goto(`/admin/seasons/${id}`);
      await expect(page.locator('.admission-status-line')).toHaveText(
        'The public sees now ADMISSION CLOSED, set by hand on the published season 2084/85 (its dates give ADMISSION OPEN: closes 31 Ashadh 2084 B.S.).',
      );
      await expect(page.getByRole('combobox', { name: 'Public status' })).toHaveValue('ADMISSION CLOSED');
      await screenshots(page, `admission-status-season-${testInfo.project.name}-js-${javaScriptEnabled}`);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'ADMISSION CLOSED', level: 2 })).toBeVisible();

      // Choosing the same again changes nothing, in words; 'Follow the dates' clears the override.
      await page.goto(ADMISSION_STATUS_PAGE);
      if (!javaScriptEnabled) {
        await page.getByRole('button', { name: 'Save status' }).click();
        await expect(page.getByText('The status is already ADMISSION CLOSED. Nothing was changed.')).toBeVisible();
      } else {
        await expect(page.getByRole('button', { name: 'Save status' })).toBeDisabled();
      }
      await page.getByRole('combobox', { name: 'Status of season 2084/85' }).selectOption('');
      await page.getByRole('button', { name: 'Save status' }).click();
      await expect(page.getByText('Admission status updated successfully.')).toBeVisible();
      await expect(line).toHaveText(
        'The public sees ADMISSION OPEN, from the published season 2084/85: closes 31 Ashadh 2084 B.S.',
      );
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
    });
  });
}

test('a draft season’s page says what the public sees now and what it would see once published @phone', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await putBack(page);
  await moveClock(page, '2027-06-19T06:15:00Z');
  const id = await makeSeason(page.request, false);
  await page.goto(`/admin/seasons/${id}`);
  await expect(page.locator('.admission-status-line')).toHaveText(
    'The public sees now ADMISSION ENQUIRY, set by hand (no season is published).',
  );
  await expect(
    page.getByText('Draft: not shown to the public yet. Once published, the public would see'),
  ).toBeVisible();
  await expect(page.locator('strong[data-season-status]')).toHaveText(
    'ADMISSION OPEN, from its dates: closes 31 Ashadh 2084 B.S.',
  );
  await screenshots(page, `admission-status-draft-${testInfo.project.name}`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await putBack(page);
});
