import type { z } from 'zod';
import { BannerSchema, BannerUpdateSchema } from './banner.ts';
import { CollegeSchema, CollegeViewSchema } from './college.ts';
import { CoursesSchema, CoursesUpdateSchema, FooterCoursesSchema, FooterCoursesUpdateSchema } from './courses.ts';
import { DownloadsSchema, DownloadsUpdateSchema } from './downloads.ts';
import {
  MessagesSchema,
  MessagesUpdateSchema,
  TestimonialsSchema,
  TestimonialsUpdateSchema,
  WhyChooseUsSchema,
  WhyChooseUsUpdateSchema,
} from './people.ts';
import type { ContentSection } from './site.ts';

/**
 * For each section: what a read answers (`view`) and what a save sends (`update`, without its version).
 * The admin forms validate with `update` before sending; the server validates with it again.
 */
export const SECTION_SCHEMAS = {
  college: { view: CollegeViewSchema, update: CollegeSchema },
  banner: { view: BannerSchema, update: BannerUpdateSchema },
  courses: { view: CoursesSchema, update: CoursesUpdateSchema },
  'footer-courses': { view: FooterCoursesSchema, update: FooterCoursesUpdateSchema },
  messages: { view: MessagesSchema, update: MessagesUpdateSchema },
  testimonials: { view: TestimonialsSchema, update: TestimonialsUpdateSchema },
  'why-choose-us': { view: WhyChooseUsSchema, update: WhyChooseUsUpdateSchema },
  downloads: { view: DownloadsSchema, update: DownloadsUpdateSchema },
} as const satisfies Record<ContentSection, { view: z.ZodObject; update: z.ZodObject }>;

export type SectionView<S extends ContentSection> = z.output<(typeof SECTION_SCHEMAS)[S]['view']>;
export type SectionUpdate<S extends ContentSection> = z.output<(typeof SECTION_SCHEMAS)[S]['update']>;
export type SectionUpdateInput<S extends ContentSection> = z.input<(typeof SECTION_SCHEMAS)[S]['update']>;

/** A section as an admin read answers it: its content, its version, and when it last changed. */
export type VersionedView<S extends ContentSection> = SectionView<S> & { version: number; updatedAt: string | null };
