import { z } from 'zod';
import { StoredCollegeFieldsSchema } from '#common/site-content/college.ts';
import { COURSE_ICONS, FooterCoursesSchema } from '#common/site-content/courses.ts';
import type { ContentSection } from '#common/site-content/site.ts';
import { LocalTextSchema } from '#common/site-content/picture.ts';
import { TestimonialsSchema, WhyChooseUsSchema } from '#common/site-content/people.ts';
import { StoredVariantSchema } from '#server/images/variants.ts';

/**
 * How each section is kept in its row (validated JSON). Unlike what the API answers, stored pictures
 * carry their storage keys, which never come from a client: an update names pictures by id only.
 */

/** A photo the office uploaded, in the variants the image pipeline wrote under `site/<id>/`. */
export const StoredUploadSchema = z.object({
  kind: z.literal('upload'),
  id: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  variants: z.array(StoredVariantSchema).min(1),
});
export type StoredUpload = z.infer<typeof StoredUploadSchema>;

/** One of the banner drawings the site ships with (content/images/banner/), served by the site itself. */
export const DRAWINGS = ['banner-1', 'banner-2', 'banner-3', 'banner-4', 'banner-5', 'banner-6', 'banner-7'] as const;
export const StoredDrawingSchema = z.object({ kind: z.literal('drawing'), name: z.enum(DRAWINGS) });
export type StoredDrawing = z.infer<typeof StoredDrawingSchema>;

const StoredPictureSchema = z.discriminatedUnion('kind', [StoredUploadSchema, StoredDrawingSchema]);
export type StoredPicture = z.infer<typeof StoredPictureSchema>;

/**
 * The college's logo as uploaded: a PNG (re-encoded, metadata stripped) or an SVG that passed the logo
 * check, under a key of ours; its sha256 names it in its public address and in the icons' validators.
 */
export const StoredLogoSchema = z.object({
  // 'upload' with its key, so the storage sweep and removeDroppedFiles see the file (content.files.ts).
  kind: z.literal('upload'),
  id: z.string(),
  format: z.enum(['png', 'svg']),
  key: z.string(),
  sha256: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type StoredLogo = z.infer<typeof StoredLogoSchema>;

/** The college as stored: what a save sends, and the logo (a college saved before logos has none). */
const StoredCollegeSchema = StoredCollegeFieldsSchema.extend({ logo: StoredLogoSchema.nullable().default(null) });

const StoredBannerSchema = z.object({
  slides: z.array(z.object({ id: z.string(), picture: StoredPictureSchema, alt: LocalTextSchema })),
});

const StoredCoursesSchema = z.object({
  cards: z.array(
    z.object({
      id: z.string(),
      title: LocalTextSchema,
      summary: LocalTextSchema,
      icon: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('icon'), name: z.enum(COURSE_ICONS) }),
        z.object({ kind: z.literal('picture'), picture: StoredUploadSchema }),
      ]),
    }),
  ),
});

const StoredMessageSchema = z.object({
  name: LocalTextSchema,
  role: LocalTextSchema,
  heading: LocalTextSchema,
  body: LocalTextSchema,
  photo: StoredUploadSchema.nullable(),
});
const StoredMessagesSchema = z.object({ chairman: StoredMessageSchema, principal: StoredMessageSchema });

/** The prospectus: the placeholder the site ships with (content/files/), one the college uploaded, or none. */
const StoredProspectusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('builtin') }),
  z.object({
    kind: z.literal('upload'),
    key: z.string(),
    bytes: z.number().int().nonnegative(),
    pages: z.number().int().positive(),
    sha256: z.string(),
    uploadedAt: z.string(),
  }),
]);
export type StoredProspectus = z.infer<typeof StoredProspectusSchema>;
const StoredDownloadsSchema = z.object({ prospectus: StoredProspectusSchema.nullable() });

export const STORED_SCHEMAS = {
  college: StoredCollegeSchema,
  banner: StoredBannerSchema,
  courses: StoredCoursesSchema,
  'footer-courses': FooterCoursesSchema,
  messages: StoredMessagesSchema,
  testimonials: TestimonialsSchema,
  'why-choose-us': WhyChooseUsSchema,
  downloads: StoredDownloadsSchema,
} satisfies Record<ContentSection, z.ZodType>;

export type StoredSections = { [S in ContentSection]: z.output<(typeof STORED_SCHEMAS)[S]> };
export type StoredCollege = StoredSections['college'];
export type StoredBanner = StoredSections['banner'];
export type StoredCourses = StoredSections['courses'];
export type StoredMessages = StoredSections['messages'];
export type StoredDownloads = StoredSections['downloads'];
