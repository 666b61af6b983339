import { z } from 'zod';
import { CONTENT_LIMITS as L } from './limits.ts';
import { localText } from './local-text.ts';
import { ItemIdSchema, LocalTextSchema, SitePictureSchema } from './picture.ts';

/** The icons the site draws itself; a course may show an uploaded picture instead. */
export const COURSE_ICONS = ['atom', 'chip', 'chart', 'bell'] as const;
export type CourseIconName = (typeof COURSE_ICONS)[number];

const CourseIconChoiceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('icon'),
      name: z.enum(COURSE_ICONS, { error: `Choose one of the icons: ${COURSE_ICONS.join(', ')}.` }),
    }),
    /** Keep the picture uploaded for this course (POST .../courses/:id/picture uploads one). */
    z.object({ kind: z.literal('picture') }),
  ],
  { error: 'Choose an icon or a picture for the course.' },
);

const CourseCardInputSchema = z.object({
  /** Absent for a new course: the server gives it one. */
  id: ItemIdSchema.optional(),
  title: localText({ noun: 'course title', max: L.courseTitle }),
  summary: localText({ noun: 'course summary', max: L.courseSummary }),
  icon: CourseIconChoiceSchema,
});

/** Add, edit, reorder or delete the home page's course cards. */
export const CoursesUpdateSchema = z.object({
  cards: z
    .array(CourseCardInputSchema)
    .min(L.coursesMin, 'Keep at least one course.')
    .max(L.coursesMax, `The home page shows at most ${L.coursesMax} courses.`)
    .refine((cards) => {
      const ids = cards.flatMap((c) => (c.id ? [c.id] : []));
      return new Set(ids).size === ids.length;
    }, 'A course appears twice in the list.'),
});
export type CoursesUpdate = z.input<typeof CoursesUpdateSchema>;

export const CourseIconSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('icon'), name: z.enum(COURSE_ICONS) }),
  z.object({ kind: z.literal('picture'), picture: SitePictureSchema }),
]);

export const CourseCardSchema = z.object({
  id: z.string(),
  title: LocalTextSchema,
  summary: LocalTextSchema,
  icon: CourseIconSchema,
});
export type CourseCard = z.infer<typeof CourseCardSchema>;

export const CoursesSchema = z.object({ cards: z.array(CourseCardSchema) });
export type Courses = z.infer<typeof CoursesSchema>;

/** The footer's own list of courses, edited apart from the cards. */
export const FooterCoursesUpdateSchema = z.object({
  items: z
    .array(localText({ noun: 'course name', max: L.footerCourse }))
    .max(L.footerCoursesMax, `The footer lists at most ${L.footerCoursesMax} courses.`),
});
export type FooterCoursesUpdate = z.input<typeof FooterCoursesUpdateSchema>;

export const FooterCoursesSchema = z.object({ items: z.array(LocalTextSchema) });
export type FooterCourses = z.infer<typeof FooterCoursesSchema>;
