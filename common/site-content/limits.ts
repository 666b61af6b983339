/**
 * Limits of the college's editable content, shared by the admin forms and the server. Texts are counted
 * in characters after trimming; a Nepali version has the same limit as its English one.
 */
export const CONTENT_LIMITS = {
  name: 80,
  shortName: 30,
  motto: 100,
  kind: 120,
  addressLine: 100,
  addressLinesMax: 4,
  addressNote: 160,
  phone: 30,
  phonesMax: 6,
  email: 120,
  date: 30,
  headline: 100,
  heroLead: 240,
  heading: 80,
  about: 2000,
  pillar: 600,
  admissionsIntro: 400,
  url: 500,

  bannerSlidesMin: 1,
  bannerSlidesMax: 10,
  alt: 200,

  courseTitle: 60,
  courseSummary: 300,
  coursesMin: 1,
  coursesMax: 12,
  footerCourse: 60,
  footerCoursesMax: 10,

  personName: 80,
  personRole: 60,
  messageBody: 3000,

  testimonialStudent: 80,
  testimonialQuote: 500,
  testimonialsMax: 10,

  whyIntro: 200,
  whyPointTitle: 80,
  whyPointText: 300,
  whyPointsMax: 6,

  /** The logo (PNG or SVG), in bytes: a logo is a small drawing, never a photograph. */
  logoBytes: 1024 * 1024,

  /** The prospectus PDF, in bytes (20 MiB: the office's scanned brochures are large). */
  prospectusBytes: 20 * 1024 * 1024,
} as const;
