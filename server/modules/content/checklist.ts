import type { LocalText } from '#common/site-content/local-text.ts';
import { type Checklist, type ContentSection, SECTION_PAGES } from '#common/site-content/site.ts';
import type { StoredSections } from './stored-sections.ts';

interface Step {
  id: string;
  label: string;
  section: ContentSection;
  /** Whether the college has replaced the default with its own. */
  done: (now: StoredSections, defaults: StoredSections) => boolean;
}

const changed = (now: LocalText, before: LocalText) => now.en !== before.en;
const noneOf = (now: readonly LocalText[], defaults: readonly LocalText[]) =>
  !now.some((text) => defaults.some((d) => d.en === text.en));

/**
 * The placeholders the site ships with (content/ marks them PLACEHOLDER): drawings, sample texts,
 * stand-in addresses. Facts from the college's own material (its name, address, courses) are not listed:
 * they are the college's already. Text counts as replaced once its English version differs.
 */
const STEPS: Step[] = [
  {
    id: 'banner-photos',
    label: 'Upload your own banner photos (the banner shows drawings)',
    section: 'banner',
    done: (now) => now.banner.slides.every((s) => s.picture.kind === 'upload'),
  },
  {
    id: 'prospectus',
    label: 'Upload your prospectus (a placeholder PDF is linked)',
    section: 'downloads',
    done: (now) => now.downloads.prospectus?.kind !== 'builtin',
  },
  {
    id: 'email',
    label: "Enter the college's e-mail address",
    section: 'college',
    done: (now, d) => now.college.email !== d.college.email,
  },
  {
    id: 'phones',
    label: 'Check the phone numbers (a third number was never confirmed)',
    section: 'college',
    done: (now, d) => now.college.phones.join('\n') !== d.college.phones.join('\n'),
  },
  {
    id: 'enrolment-form',
    label: 'Link your online enrolment form (the contact page stands in for it)',
    section: 'college',
    done: (now, d) => now.college.enrolmentFormUrl !== d.college.enrolmentFormUrl,
  },
  {
    id: 'virtual-tour',
    label: 'Link your virtual tour (the gallery stands in for it)',
    section: 'college',
    done: (now, d) => now.college.virtualTourUrl !== d.college.virtualTourUrl,
  },
  {
    id: 'video',
    label: 'Add your introduction video',
    section: 'college',
    done: (now, d) => now.college.videoUrl !== d.college.videoUrl,
  },
  {
    id: 'about',
    label: 'Write the about text',
    section: 'college',
    done: (now, d) => changed(now.college.about, d.college.about),
  },
  {
    id: 'vision-mission',
    label: 'Write your vision and mission',
    section: 'college',
    done: (now, d) => changed(now.college.vision, d.college.vision) && changed(now.college.mission, d.college.mission),
  },
  {
    id: 'course-summaries',
    label: 'Describe your courses in your own words',
    section: 'courses',
    done: (now, d) =>
      noneOf(
        now.courses.cards.map((c) => c.summary),
        d.courses.cards.map((c) => c.summary),
      ),
  },
  {
    id: 'chairman-message',
    label: "Replace the chairman's message",
    section: 'messages',
    done: (now, d) => changed(now.messages.chairman.body, d.messages.chairman.body),
  },
  {
    id: 'principal-message',
    label: "Replace the principal's message",
    section: 'messages',
    done: (now, d) => changed(now.messages.principal.body, d.messages.principal.body),
  },
  {
    id: 'testimonials',
    label: 'Replace the sample testimonials with real ones',
    section: 'testimonials',
    done: (now, d) =>
      noneOf(
        now.testimonials.items.map((t) => t.quote),
        d.testimonials.items.map((t) => t.quote),
      ),
  },
];

export function setupChecklist(now: StoredSections, defaults: StoredSections): Checklist {
  return {
    items: STEPS.map((step) => ({
      id: step.id,
      label: step.label,
      page: SECTION_PAGES[step.section],
      done: step.done(now, defaults),
    })),
  };
}
