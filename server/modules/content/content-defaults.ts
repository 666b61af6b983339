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
import { english } from '#common/site-content/local-text.ts';
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

const paragraphs = (list: readonly string[]) => english(list.join('\n\n'));

/** What the hero said under the headline before it could be edited. */
const HERO_LEAD = `Since ${college.history.established}, a +2 college for science and management in the centre of Bharatpur, Chitwan.`;

/**
 * The content a site has before the office changes anything: the values of content/ (CONTENT.md), in the
 * shape the database keeps. Migration 0005 stored a frozen copy of exactly this; the setup checklist
 * compares with it to tell which placeholders are still in place.
 */
export function defaultSections(): StoredSections {
  return {
    college: {
      name: english(college.name),
      shortName: english(college.shortName),
      motto: english(college.motto),
      kind: english(college.kind),
      addressLines: college.address.lines.map(english),
      addressNote: english(college.address.note),
      // Only dialable numbers: content/'s third line ('to be confirmed') has no digits, which a phone
      // number must have; the setup checklist asks the office for it instead.
      phones: college.phones.flatMap((p) => (p.tel === null ? [] : [p.label])),
      email: links.email,
      established: english(college.history.established),
      managementSince: english(college.history.currentManagementSince),
      headline: english(college.motto),
      heroLead: english(HERO_LEAD),
      virtualTourUrl: links.virtualTour,
      aboutHeading: english(about.heading),
      about: paragraphs(about.paragraphs),
      visionHeading: english(about.vision.heading),
      vision: english(about.vision.text),
      missionHeading: english(about.mission.heading),
      mission: english(about.mission.text),
      admissionsIntro: english(admissions.intro),
      videoUrl: links.videoEmbed,
      mapEmbedUrl: links.mapEmbed,
      mapLinkUrl: links.mapLink,
      enrolmentFormUrl: links.enrolmentForm,
      social: { facebook: '', youtube: '', instagram: '', tiktok: '' },
    },
    banner: {
      slides: DRAWINGS.map((name, i) => ({
        id: `default-slide-${i + 1}`,
        picture: { kind: 'drawing', name },
        alt: english(DRAWING_ALTS[name]),
      })),
    },
    courses: {
      cards: courses.map((c, i) => ({
        id: `default-course-${i + 1}`,
        title: english(c.title),
        summary: english(c.summary),
        icon: { kind: 'icon', name: c.icon },
      })),
    },
    'footer-courses': { items: footerCourses.map(english) },
    messages: {
      chairman: defaultMessage(0),
      principal: defaultMessage(1),
    },
    testimonials: {
      items: testimonials.map((t, i) => ({
        id: `default-testimonial-${i + 1}`,
        student: english(t.student),
        quote: english(t.quote),
      })),
    },
    'why-choose-us': {
      heading: english(whyChooseUs.heading),
      intro: english(whyChooseUs.intro),
      points: whyChooseUs.points.map((p, i) => ({
        id: `default-reason-${i + 1}`,
        title: english(p.title),
        text: english(p.text),
      })),
    },
    downloads: { prospectus: { kind: 'builtin' } },
  };
}

function defaultMessage(index: number): StoredSections['messages']['chairman'] {
  const message = messages[index];
  if (!message) throw new Error(`content/college.ts has no message ${index + 1}`);
  return {
    name: english(message.from.name ?? ''),
    role: english(message.from.role),
    heading: english(message.heading),
    body: paragraphs(message.paragraphs),
    photo: null,
  };
}
