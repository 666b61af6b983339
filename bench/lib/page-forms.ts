import { setTimeout as sleep } from 'node:timers/promises';
import { INQUIRY_RECEIVED_MESSAGE } from '#common/inquiry.ts';
import { median } from './median.ts';

export interface FormTiming {
  form: string;
  /** Median time of the GET of the page, and of the form posted to it, ms (request sent to last byte). */
  getMs: number;
  postMs: number;
  ratio: number;
  /** How the posts were answered, e.g. { 302: 20 }, and how many did what they were sent for: a timing of refusals would mean nothing. */
  statuses: Record<number, number>;
  accepted: number;
  /** For the login form: the same sign-in through the JSON API, which checks the same password hash. */
  apiPostMs?: number;
}

const medianMs = (values: number[]) => Math.round(median(values) * 10) / 10;

interface Timed {
  ms: number;
  status: number;
  location: string | null;
  body: string;
}

async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(url, { redirect: 'manual', ...init });
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, location: res.headers.get('location'), body };
}

const formPost = (origin: string, fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  // What a browser sends for a form posted without JavaScript; Origin is what the same-origin check reads.
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
  body: new URLSearchParams(fields).toString(),
});

const countStatuses = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

/** The hidden signed timestamp of the contact form, when the page has one. */
export function formToken(html: string): string | null {
  const input = /<input\b[^>]*\bname="form_token"[^>]*>/u.exec(html)?.[0];
  return input ? (/\bvalue="([^"]*)"/u.exec(input)?.[1] ?? null) : null;
}

/**
 * The contact form sent without JavaScript, `runs` times, against the GET of /contact. Each post uses the
 * token of its own GET (tokens are single-use and must be a few seconds old) and its own e-mail address
 * (the per-address limit allows 60 an hour, the per-e-mail limit 3).
 */
export async function timeContactForm(baseUrl: string, runs: number, tokenAgeMs = 3500): Promise<FormTiming> {
  const gets: number[] = [];
  const tokens: (string | null)[] = [];
  for (let i = 0; i < runs; i++) {
    const page = await timed(`${baseUrl}/contact`);
    gets.push(page.ms);
    tokens.push(formToken(page.body));
  }
  await sleep(tokenAgeMs);
  const posts: number[] = [];
  const statuses: number[] = [];
  let accepted = 0;
  for (const [i, token] of tokens.entries()) {
    const fields: Record<string, string> = {
      first_name: 'Sita',
      last_name: 'Sharma',
      phone: '9841000000',
      email: `parent-${i}-${Date.now()}@example.com`,
      subject: 'Admission for grade 11',
      message: 'Namaste, when does admission for grade 11 open, and which documents should we bring?',
      website: '',
      ...(token ? { form_token: token } : {}),
    };
    const res = await timed(`${baseUrl}/contact`, formPost(baseUrl, fields));
    posts.push(res.ms);
    statuses.push(res.status);
    if (res.body.includes(INQUIRY_RECEIVED_MESSAGE)) accepted++;
  }
  const getMs = medianMs(gets);
  const postMs = medianMs(posts);
  return {
    form: 'contact (no JavaScript)',
    getMs,
    postMs,
    ratio: postMs / getMs,
    statuses: countStatuses(statuses),
    accepted,
  };
}

/**
 * A sign-in through the login page's form, `runs` times, against the GET of /login; and the same sign-in
 * through the JSON API, since both pay for the memory-hard password hash, which no page GET does.
 */
export async function timeLoginForm(
  baseUrl: string,
  runs: number,
  email: string,
  password: string,
): Promise<FormTiming> {
  const gets: number[] = [];
  const posts: number[] = [];
  const apiPosts: number[] = [];
  const statuses: number[] = [];
  let accepted = 0;
  for (let i = 0; i < runs; i++) gets.push((await timed(`${baseUrl}/login`)).ms);
  for (let i = 0; i < runs; i++) {
    const res = await timed(`${baseUrl}/login`, formPost(baseUrl, { username: email, password }));
    posts.push(res.ms);
    statuses.push(res.status);
    if (res.status >= 300 && res.status < 400 && res.location?.endsWith('/admin')) accepted++;
    const api = await timed(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password }),
    });
    apiPosts.push(api.ms);
  }
  const getMs = medianMs(gets);
  const postMs = medianMs(posts);
  return {
    form: 'login (no JavaScript)',
    getMs,
    postMs,
    ratio: postMs / getMs,
    statuses: countStatuses(statuses),
    accepted,
    apiPostMs: medianMs(apiPosts),
  };
}
