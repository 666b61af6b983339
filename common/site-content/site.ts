import { z } from 'zod';
import { BannerSchema } from './banner.ts';
import { CollegeViewSchema } from './college.ts';
import { CoursesSchema, FooterCoursesSchema } from './courses.ts';
import { DownloadsSchema } from './downloads.ts';
import { MessagesSchema, TestimonialsSchema, WhyChooseUsSchema } from './people.ts';

/** Each section is saved on its own, with its own version: two people editing different ones never clash. */
export const CONTENT_SECTIONS = [
  'college',
  'banner',
  'courses',
  'footer-courses',
  'messages',
  'testimonials',
  'why-choose-us',
  'downloads',
] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];

/** The admin page that edits each section. */
export const SECTION_PAGES: Record<ContentSection, string> = {
  college: '/admin/content',
  banner: '/admin/banner',
  courses: '/admin/courses',
  'footer-courses': '/admin/courses',
  messages: '/admin/people',
  testimonials: '/admin/people',
  'why-choose-us': '/admin/people',
  downloads: '/admin/downloads',
};

/** Everything the public pages show of the college's content, read once per page. */
export const SiteContentSchema = z.object({
  college: CollegeViewSchema,
  banner: BannerSchema,
  courses: CoursesSchema,
  footerCourses: FooterCoursesSchema,
  messages: MessagesSchema,
  testimonials: TestimonialsSchema,
  whyChooseUs: WhyChooseUsSchema,
  downloads: DownloadsSchema,
});
export type SiteContent = z.infer<typeof SiteContentSchema>;

/**
 * The version of a section that an edit started from. A save of an older version is refused (409), so
 * the second of two people editing the same section never silently overwrites the first.
 */
export const VersionSchema = z
  .number({ error: 'Send the version that was edited. Reload to see the latest version.' })
  .int()
  .nonnegative();

/** What an admin read of a section answers: the section, its version and when it last changed. */
export const versioned = <T extends z.ZodObject>(schema: T) =>
  schema.extend({ version: VersionSchema, updatedAt: z.string().nullable() });

/** An update body: the section's fields and the version they were edited from. */
export const withVersion = <T extends z.ZodObject>(schema: T) => schema.extend({ version: VersionSchema });

/** The admin dashboard's setup list: each default text or picture the college has not replaced yet. */
export const ChecklistSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      /** What to do, as the dashboard shows it: "Upload your own banner photos". */
      label: z.string(),
      /** The admin page that edits it. */
      page: z.string(),
      done: z.boolean(),
    }),
  ),
});
export type Checklist = z.infer<typeof ChecklistSchema>;
