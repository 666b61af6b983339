import type { Notice } from '#common/notices/notice.ts';
import { noticePath } from '#common/notices/notice-path.ts';
import { adDateToBs } from '#common/dates/bs-date.ts';
import { bsDateString } from '#common/dates/bs-date-string.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';

/** The A.D. day (UTC) this many days from now, and the same day in B.S. ('YYYY-MM-DD'). */
export const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
export const bsDay = (offsetDays: number) => bsDateString(adDateToBs(isoDay(offsetDays)));

/** Signs in through the API as the admin the bench started the server with; answers the session cookie. */
export async function adminCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  await login.arrayBuffer();
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (login.status !== 200 || !cookie) throw new Error(`The bench could not sign in: ${login.status}`);
  return cookie;
}

async function asAdmin(baseUrl: string, cookie: string, url: string, init: RequestInit): Promise<Response> {
  const res = await fetch(`${baseUrl}${url}`, { ...init, headers: { ...init.headers, origin: baseUrl, cookie } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
  return res;
}

/**
 * Saves the admission status unchanged: a real admin write, which moves the content version on, so every
 * page leaves the render cache, as a notice posted on results day would.
 */
export async function emptyRenderCache(baseUrl: string, cookie: string): Promise<void> {
  const admission = (await (await fetch(`${baseUrl}/api/admission`)).json()) as {
    status: string;
    source: { by: 'dates' | 'override' | 'manual' };
  };
  // The switch is set to what it holds already: following a published season's dates, or the status shown.
  const status = admission.source.by === 'dates' ? '' : admission.status;
  await asAdmin(baseUrl, cookie, '/api/admin/admission', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
}

/** Publishes a notice with a signed 10-page PDF attached, as the office does; answers its page's path. */
export async function publishNoticeWithPdf(baseUrl: string, cookie: string): Promise<string> {
  const created = await asAdmin(baseUrl, cookie, '/api/admin/notices', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Grade 11 entrance examination results',
      description: 'The results of the entrance examination held on Mangsir 5 are attached, signed by the principal.',
    }),
  });
  const notice = (await created.json()) as Notice;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(makePdf({ pages: 10 }))], { type: 'application/pdf' }), 'results.pdf');
  await asAdmin(baseUrl, cookie, `/api/admin/notices/${notice.id}/attachments`, { method: 'POST', body: form });
  return noticePath(notice);
}

/**
 * Publishes an admission season as an office would (two programmes with their fees and eligibility, a
 * scholarship category), open today as at the height of the season (the late closing, entrance and results
 * after it), for the figures of the admission page and the application form.
 */
export async function publishDemoSeason(baseUrl: string, cookie: string): Promise<void> {
  const post = async (url: string, body: object) =>
    (await asAdmin(baseUrl, cookie, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as { id: string };
  const year = adDateToBs(isoDay(0)).year;
  const season = await post('/api/admin/seasons', {
    name: `${year}/${String((year + 1) % 100).padStart(2, '0')}`,
    opensOn: bsDay(-10),
    closesOn: bsDay(20),
    lateClosesOn: bsDay(25),
    lateFee: 500,
    entranceOn: bsDay(30),
    resultsOn: bsDay(35),
    admissionDeadline: bsDay(45),
    expectedEnrolment: 0,
    documentsEn: 'SEE grade sheet\nCharacter certificate\nTwo passport-size photos',
    documentsNe: '',
  });
  const merit = await post(`/api/admin/seasons/${season.id}/categories`, {
    nameEn: 'Open merit',
    nameNe: 'खुला योग्यता',
    proofEn: 'SEE grade sheet',
    proofNe: '',
  });
  for (const [nameEn, nameNe, stream, seats, minGpa] of [
    ['Science', 'विज्ञान', 'Science', 400, 2],
    ['Management', 'व्यवस्थापन', 'Management', 100, 1.6],
  ] as const) {
    await post(`/api/admin/seasons/${season.id}/programmes`, {
      nameEn,
      nameNe,
      stream,
      seats,
      fees: [
        { nameEn: 'Admission fee', nameNe: 'भर्ना शुल्क', amount: 25_000, period: 'once', neb: false },
        { nameEn: 'Monthly fee', nameNe: 'मासिक शुल्क', amount: 6_500, period: 'month', neb: false },
        { nameEn: 'NEB registration fee', nameNe: '', amount: 1_500, period: 'once', neb: true },
      ],
      admissionFeeForContinuing: false,
      feeApprovedBy: 'Bharatpur Metropolitan City',
      feeApprovedOn: bsDay(-30),
      feeReference: 'BMC/EDU/112',
      minGpa,
      minGrades: stream === 'Science' ? [{ subject: 'Science', grade: 'C+' }] : [],
      scholarshipSeats: { [merit.id]: seats / 10 },
    });
  }
  await post(`/api/admin/seasons/${season.id}/publish`, { belowMinimum: false });
}
