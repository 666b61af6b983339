import { z } from 'zod';
import { DEFAULT_REFERENCE_PREFIX, REFERENCE_PREFIX_PATTERN, REFERENCE_PREFIX_RULE } from '../admission/application.ts';
import { BrandColoursSchema, DEFAULT_BRAND_COLOURS } from './brand-colours.ts';
import { emailAddress, embedUrl, linkUrl, phoneNumber, socialUrl, webUrl } from './fields.ts';
import { CONTENT_LIMITS as L } from './limits.ts';
import { localText } from './local-text.ts';

const SocialLinksSchema = z.object({
  facebook: socialUrl('Facebook', ['facebook.com', 'fb.com']),
  youtube: socialUrl('YouTube', ['youtube.com', 'youtu.be']),
  instagram: socialUrl('Instagram', ['instagram.com']),
  tiktok: socialUrl('TikTok', ['tiktok.com']),
});

/**
 * The college: who it is, where, how to reach it, its home-page texts and its outside addresses
 * (edited on /admin/content). Long texts hold paragraphs separated by an empty line.
 */
export const CollegeSchema = z.object({
  name: localText({ noun: "college's name", max: L.name }),
  shortName: localText({ noun: 'short name', max: L.shortName }),
  motto: localText({ noun: 'motto', max: L.motto }),
  /** What kind of college it is, as a sentence continues it: "a +2 college in Bharatpur, Chitwan". */
  kind: localText({ noun: 'kind of college', max: L.kind }),
  addressLines: z
    .array(localText({ noun: 'address line', max: L.addressLine }))
    .min(1, 'Enter the address.')
    .max(L.addressLinesMax, `The address has at most ${L.addressLinesMax} lines.`),
  addressNote: localText({ noun: 'note under the address', max: L.addressNote, optional: true }),
  phones: z.array(phoneNumber).max(L.phonesMax, `List at most ${L.phonesMax} phone numbers.`),
  email: emailAddress,
  /** Bikram Sambat, as text: "2063 B.S.". */
  established: localText({ noun: 'year of establishment', max: L.date }),
  managementSince: localText({ noun: 'year the present management began', max: L.date, optional: true }),
  headline: localText({ noun: 'headline', max: L.headline }),
  heroLead: localText({ noun: 'text under the headline', max: L.heroLead, optional: true }),
  virtualTourUrl: linkUrl('virtual tour address'),
  aboutHeading: localText({ noun: 'heading of the about section', max: L.heading }),
  about: localText({ noun: 'about text', max: L.about }),
  visionHeading: localText({ noun: 'heading of the vision', max: L.heading }),
  vision: localText({ noun: 'vision', max: L.pillar }),
  missionHeading: localText({ noun: 'heading of the mission', max: L.heading }),
  mission: localText({ noun: 'mission', max: L.pillar }),
  admissionsIntro: localText({ noun: 'admissions text', max: L.admissionsIntro, optional: true }),
  videoUrl: embedUrl('video address'),
  mapEmbedUrl: embedUrl('map address'),
  mapLinkUrl: webUrl('address of the map on its own site'),
  enrolmentFormUrl: linkUrl('enrolment form address'),
  social: SocialLinksSchema,
  /** The main and accent colours of every page; a save without them keeps the stored ones. */
  colours: BrandColoursSchema.optional(),
  /**
   * What new applications' references begin with ('ORB' in 'ORB-2084-0123'); applications already made keep
   * theirs. A save without it keeps the stored one.
   */
  referencePrefix: z.string().regex(REFERENCE_PREFIX_PATTERN, REFERENCE_PREFIX_RULE).optional(),
});
export type CollegeInput = z.input<typeof CollegeSchema>;

/**
 * The texts that described only the demo college, which 'Start empty' (server/modules/demo) leaves empty: the
 * pages leave out what is empty, and the next save of the college page asks for them, as CollegeSchema does.
 */
const EmptiedByStartEmpty = {
  addressLines: z.array(localText({ noun: 'address line', max: L.addressLine })).max(L.addressLinesMax),
  established: localText({ noun: 'year of establishment', max: L.date, optional: true }),
  about: localText({ noun: 'about text', max: L.about, optional: true }),
  vision: localText({ noun: 'vision', max: L.pillar, optional: true }),
  mission: localText({ noun: 'mission', max: L.pillar, optional: true }),
};

/** The college's logo as the pages draw it (an upload, served by the site under a content-hashed name). */
export const LogoSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Logo = z.infer<typeof LogoSchema>;

/** The college as a read answers it: what a save sends, and the logo, which only an upload changes. */
export const CollegeViewSchema = CollegeSchema.extend({
  colours: BrandColoursSchema,
  referencePrefix: z.string(),
  logo: LogoSchema.nullable(),
  ...EmptiedByStartEmpty,
});

/** The college as stored: a row saved before colours and logos existed has today's colours and no logo. */
export const StoredCollegeFieldsSchema = CollegeSchema.extend({
  colours: BrandColoursSchema.default({ ...DEFAULT_BRAND_COLOURS }),
  // Migration 0039 writes it into every stored college; the demo's is the one every earlier reference has.
  referencePrefix: z.string().default(DEFAULT_REFERENCE_PREFIX),
  ...EmptiedByStartEmpty,
});
export type College = z.output<typeof CollegeViewSchema>;
