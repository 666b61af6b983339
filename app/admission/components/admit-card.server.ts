import type { Logo } from '#common/site-content/college.ts';
import { type LocalText, type SiteLanguage, localize } from '#common/site-content/local-text.ts';
import type { AdmitCard } from '#server/modules/admission/index.ts';
import type { AdmitCardView } from '#app/admission/components/admit-card.tsx';
import { noticeQrSvg } from '#app/lib/notice-qr.server.ts';

/** An admit card's public check address: its code alone (nothing of the applicant). */
export const admitCardCheckUrl = (siteUrl: string, lang: SiteLanguage, code: string) =>
  `${siteUrl}${lang === 'ne' ? '/ne' : ''}/admission/admit-card/check/${encodeURIComponent(code)}`;

/**
 * A card as a page shows it, under the college's logo (when it has one) and name (from the site's content, in
 * the card's language), with the QR code of its check address made here on the server.
 */
export async function admitCardView(
  card: AdmitCard,
  siteUrl: string,
  lang: SiteLanguage,
  college: { name: LocalText; logo: Logo | null },
): Promise<AdmitCardView> {
  const checkUrl = admitCardCheckUrl(siteUrl, lang, card.code);
  const name = localize(college.name, lang).text;
  return { ...card, college: name, logo: college.logo, checkUrl, qrSvg: await noticeQrSvg(checkUrl) };
}
