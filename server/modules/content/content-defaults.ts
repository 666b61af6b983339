import { DEFAULT_REFERENCE_PREFIX } from '#common/admission/application.ts';
import { DEFAULT_BRAND_COLOURS } from '#common/site-content/brand-colours.ts';
import {
  about,
  admissions,
  college,
  courses,
  footerCourses,
  links,
  messages,
  testimonials,
  whyChooseUs,
} from '#content/college.ts';
import {
  aboutNe,
  admissionsNe,
  bannerAltsNe,
  collegeNe,
  coursesNe,
  footerCoursesNe,
  messagesNe,
  testimonialsNe,
  whyChooseUsNe,
} from '#content/college-ne.ts';
import { type LocalText, english } from '#common/site-content/local-text.ts';
import { DRAWINGS, type StoredSections } from './stored-sections.ts';

/**
 * The alt texts of the banner drawings, in order. content/pictures.ts holds them too but imports the
 * drawings through Vite, which the server cannot load; a test keeps the two lists equal.
 */
export const DRAWING_ALTS: Record<(typeof DRAWINGS)[number], string> = {
  'banner-1': 'Drawing of the college building among green hills under a clear blue sky',
  'banner-2': 'Drawing of the college building at dawn, with an orange sky and purple hills',
  'banner-3': 'Drawing of the college building in a green valley under a teal sky',
  'banner-4': 'Drawing of the college building at dusk under a pink evening sky',
  'banner-5': 'Drawing of the college building on a bright morning with a pale blue sky',
  'banner-6': 'Drawing of the college building in golden afternoon light',
  'banner-7': 'Drawing of the college building under a light sky with an orange sun',
};

/** A default text in English and Nepali. */
const both = (en: string, ne: string): LocalText => ({ en, ne });
const paragraphs = (en: readonly string[], ne: readonly string[]) => both(en.join('\n\n'), ne.join('\n\n'));

/** The Nepali of item `index` of a list of content/college-ne.ts, which has an entry for each of college.ts. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`content/college-ne.ts has no entry ${index + 1} of a list`);
  return item;
}

/** What the hero said under the headline before it could be edited. */
const HERO_LEAD = `Since ${college.history.established}, a +2 college for science and management in the centre of Bharatpur, Chitwan.`;

/**
 * The content a site has before the office changes anything: the values of content/ (CONTENT.md), in the
 * shape the database keeps, each text with its Nepali version (content/college-ne.ts). Migration 0005 stored
 * a frozen copy of the English of exactly this, with the Nepali versions empty: default-nepali.ts gives
 * them their Nepali when read. The setup checklist compares with it to tell which placeholders are still
 * in place.
 */
export function defaultSections(): StoredSections {
  return {
    college: {
      name: both(college.name, collegeNe.name),
      shortName: both(college.shortName, collegeNe.shortName),
      motto: both(college.motto, collegeNe.motto),
      kind: both(college.kind, collegeNe.kind),
      addressLines: college.address.lines.map((line, i) => both(line, nth(collegeNe.address.lines, i))),
      addressNote: both(college.address.note, collegeNe.address.note),
      // Only dialable numbers: content/'s third line ('to be confirmed') has no digits, which a phone
      // number must have; the setup checklist asks the office for it instead.
      phones: college.phones.flatMap((p) => (p.tel === null ? [] : [p.label])),
      email: links.email,
      established: both(college.history.established, collegeNe.history.established),
      managementSince: both(college.history.currentManagementSince, collegeNe.history.currentManagementSince),
      headline: both(college.motto, collegeNe.motto),
      heroLead: both(HERO_LEAD, collegeNe.heroLead),
      virtualTourUrl: links.virtualTour,
      aboutHeading: both(about.heading, aboutNe.heading),
      about: paragraphs(about.paragraphs, aboutNe.paragraphs),
      visionHeading: both(about.vision.heading, aboutNe.vision.heading),
      vision: both(about.vision.text, aboutNe.vision.text),
      missionHeading: both(about.mission.heading, aboutNe.mission.heading),
      mission: both(about.mission.text, aboutNe.mission.text),
      admissionsIntro: both(admissions.intro, admissionsNe.intro),
      videoUrl: links.videoEmbed,
      mapEmbedUrl: links.mapEmbed,
      mapLinkUrl: links.mapLink,
      enrolmentFormUrl: links.enrolmentForm,
      social: { facebook: '', youtube: '', instagram: '', tiktok: '' },
      colours: { ...DEFAULT_BRAND_COLOURS },
      referencePrefix: DEFAULT_REFERENCE_PREFIX,
      logo: null,
    },
    banner: {
      slides: DRAWINGS.map((name, i) => ({
        id: `default-slide-${i + 1}`,
        picture: { kind: 'drawing', name },
        alt: both(DRAWING_ALTS[name], nth(bannerAltsNe, i)),
      })),
    },
    courses: {
      cards: courses.map((c, i) => ({
        id: `default-course-${i + 1}`,
        title: both(c.title, nth(coursesNe, i).title),
        summary: both(c.summary, nth(coursesNe, i).summary),
        icon: { kind: 'icon', name: c.icon },
      })),
    },
    'footer-courses': { items: footerCourses.map((item, i) => both(item, nth(footerCoursesNe, i))) },
    messages: {
      chairman: defaultMessage(0),
      principal: defaultMessage(1),
    },
    testimonials: {
      items: testimonials.map((t, i) => ({
        id: `default-testimonial-${i + 1}`,
        student: both(t.student, nth(testimonialsNe, i).student),
        quote: both(t.quote, nth(testimonialsNe, i).quote),
      })),
    },
    'why-choose-us': {
      heading: both(whyChooseUs.heading, whyChooseUsNe.heading),
      intro: both(whyChooseUs.intro, whyChooseUsNe.intro),
      points: whyChooseUs.points.map((p, i) => ({
        id: `default-reason-${i + 1}`,
        title: both(p.title, nth(whyChooseUsNe.points, i).title),
        text: both(p.text, nth(whyChooseUsNe.points, i).text),
      })),
    },
    downloads: { prospectus: { kind: 'builtin' } },
  };
}

function defaultMessage(index: number): StoredSections['messages']['chairman'] {
  const message = messages[index];
  if (!message) throw new Error(`content/college.ts has no message ${index + 1}`);
  const nepali = nth(messagesNe, index);
  return {
    // No person is named until the college names them.
    name: english(message.from.name ?? ''),
    role: both(message.from.role, nepali.role),
    heading: both(message.heading, nepali.heading),
    body: paragraphs(message.paragraphs, nepali.paragraphs),
    photo: null,
  };
}
