import type { Programme } from '#common/admission/admission-season.ts';
import type { Notice } from '#common/notices/notice.ts';
import type { SiteContent } from '#common/site-content/site.ts';
import { absoluteUrl } from './seo.ts';
import { localized } from './site-content.ts';

/**
 * Schema.org descriptions for search engines, written as JSON-LD data blocks by the route's meta
 * (`{ 'script:ld+json': … }`): React Router escapes `<`, `>` and `&` in them, so no text stored by the
 * office can close the block. A data block is never executed, so the pages' script policy does not apply.
 */

/** The college as an EducationalOrganization, from its stored content (the home page). */
export function organizationLd(site: SiteContent, siteUrl: string, logo: string) {
  const college = site.college;
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    name: localized(college.name, 'en'),
    alternateName: localized(college.shortName, 'en') || undefined,
    url: `${siteUrl}/`,
    logo: absoluteUrl(logo, siteUrl),
    email: college.email,
    telephone: college.phones,
    address: {
      '@type': 'PostalAddress',
      streetAddress: college.addressLines.map((line) => localized(line, 'en')).join(', '),
      addressCountry: 'NP',
    },
    sameAs: Object.values(college.social).filter((url): url is string => typeof url === 'string' && url !== ''),
  };
}

/** A notice as a NewsArticle (its own page), last modified at its last edit (or publish time, if later). */
export function noticeLd(notice: Notice, url: string, publisher: string, image: string | null) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: notice.title,
    description: notice.description,
    datePublished: notice.publishAt,
    dateModified: notice.updatedAt,
    url,
    mainEntityOfPage: url,
    ...(image ? { image: [image] } : {}),
    author: { '@type': 'EducationalOrganization', name: publisher },
    publisher: { '@type': 'EducationalOrganization', name: publisher },
  };
}

/**
 * A season's programmes as EducationalOccupationalProgram entries (two years of Grade 11 and 12): seats,
 * the college's own fees as offers in rupees, and the SEE minimum as the prerequisite.
 */
export function programmesLd(programmes: Programme[], provider: string, url: string) {
  return {
    '@context': 'https://schema.org',
    '@graph': programmes.map((p) => ({
      '@type': 'EducationalOccupationalProgram',
      name: p.nameEn,
      url,
      provider: { '@type': 'EducationalOrganization', name: provider },
      educationalProgramMode: 'in person',
      timeToComplete: 'P2Y',
      maximumEnrollment: p.seats,
      programPrerequisites: `SEE GPA of at least ${p.minGpa.toFixed(2)}`,
      offers: p.fees
        .filter((f) => !f.neb)
        .map((f) => ({ '@type': 'Offer', name: f.nameEn, price: f.amount, priceCurrency: 'NPR', category: f.period })),
    })),
  };
}
