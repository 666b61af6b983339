import { z } from 'zod';
import { latinDigits } from '../digits.ts';
import { EMAIL_PATTERN } from '../email.ts';
import { CONTENT_LIMITS as L } from './limits.ts';

/** An absolute http(s) address with a real host name, or null. */
export function parseWebUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') || url.username !== '' || url.password !== '') return null;
    return url;
  } catch {
    return null;
  }
}

/** A path on this site: one leading slash (never `//host`), no spaces or backslashes. */
export const isSitePath = (value: string): boolean => /^\/(?![/\\])[^\s\\]*$/u.test(value);

const address = (noun: string) =>
  z
    .string({ error: `The ${noun} must be text.` })
    .trim()
    .max(L.url, `The ${noun} must be at most ${L.url} characters.`);

/**
 * A link the site shows as a button or link: an http(s) address or a path on this site. Empty hides
 * what would use it, so nothing ever links nowhere.
 */
export const linkUrl = (noun: string) =>
  address(noun).refine((v) => v === '' || isSitePath(v) || parseWebUrl(v) !== null, {
    message: `The ${noun} must start with https:// or http://, or be a path on this site starting with /. Leave it empty to hide it.`,
  });

/** An address the site opens outside itself (the map's own page): http(s) only. Empty hides it. */
export const webUrl = (noun: string) =>
  address(noun).refine((v) => v === '' || parseWebUrl(v) !== null, {
    message: `The ${noun} must start with https:// or http://. Leave it empty to hide it.`,
  });

/**
 * An address the pages embed in a frame (video, map): https only, since a browser blocks a plain-http
 * frame on an https page, and the page's Content-Security-Policy allows exactly these origins.
 */
export const embedUrl = (noun: string) =>
  address(noun).refine((v) => v === '' || parseWebUrl(v)?.protocol === 'https:', {
    message: `The ${noun} must start with https://. Leave it empty to hide it.`,
  });

/** A profile on one social network: an http(s) address on that network's own domain. Empty hides the icon. */
export const socialUrl = (network: string, domains: readonly string[]) =>
  address(`${network} link`).refine(
    (v) => {
      if (v === '') return true;
      const host = parseWebUrl(v)?.hostname.toLowerCase();
      return host !== undefined && domains.some((d) => host === d || host.endsWith(`.${d}`));
    },
    {
      message: `The ${network} link must be an address on ${domains[0]}, such as https://www.${domains[0]}/yourcollege.`,
    },
  );

export const emailAddress = z
  .string({ error: 'The e-mail address must be text.' })
  .trim()
  .max(L.email, `The e-mail address must be at most ${L.email} characters.`)
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), {
    message: 'Enter an e-mail address such as office@college.edu.np, or leave it empty to hide it.',
  });

/** As printed on the page: digits (Latin or Devanagari) with spaces, +, -, ( ), / or dots between them. */
export const phoneNumber = z
  .string({ error: 'Enter the phone number.' })
  .trim()
  .min(1, 'Enter the phone number, or remove the empty line.')
  .max(L.phone, `A phone number must be at most ${L.phone} characters.`)
  .refine((v) => /[0-9०-९]/u.test(v), { message: 'A phone number must contain digits.' })
  .refine((v) => /^[0-9०-९+\-()./ ]+$/u.test(v), {
    message: 'A phone number may contain only digits, spaces and the characters + - ( ) / .',
  });

/**
 * The tel: address of a number as printed in Nepal: a leading 0 (area code) or a bare national number
 * gets the country code +977; a number that already has one keeps it.
 */
export function telHref(printed: string): string {
  const plus = printed.trim().startsWith('+');
  const digits = latinDigits(printed).replace(/\D/gu, '');
  if (plus) return `tel:+${digits}`;
  if (digits.startsWith('977') && digits.length > 10) return `tel:+${digits}`;
  return `tel:+977${digits.replace(/^0/u, '')}`;
}
