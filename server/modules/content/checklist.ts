import type { LocalText } from '#common/site-content/local-text.ts';
import { type Checklist, type ContentSection, SECTION_PAGES } from '#common/site-content/site.ts';
import type { StoredSections } from './stored-sections.ts';

/** What the checklist knows besides the content: the admission season. */
export interface SetupFacts {
  /** A season is published: its dates move the admission status and the site takes applications. */
  seasonPublished: boolean;
  /** Demo notices, photos and default texts of a fresh install still on the site (server/modules/demo). */
  demoItemsLeft: number;
}

interface Step {
  id: string;
  label: string;
  /** The admin page that does it: a content section's page, or another. */
  section: ContentSection | { page: string };
  /** Whether the college has replaced the default with its own (or done the step). */
  done: (now: StoredSections, defaults: StoredSections, facts: SetupFacts) => boolean;
}

/** Replaced by a text of the college's own: neither the default nor empty (as 'Start empty' leaves it). */
const changed = (now: LocalText, before: LocalText) => now.en !== before.en && now.en.trim() !== '';
const noneOf = (now: readonly LocalText[], defaults: readonly LocalText[]) =>
  !now.some((text) => defaults.some((d) => d.en === text.en));

/**
 * The placeholders the site ships with (content/ marks them PLACEHOLDER): drawings, sample texts,
 * stand-in addresses. Facts from the college's own material (its name, address, courses) are not listed:
 * they are the college's already. Text counts as replaced once its English version differs.
 */
const STEPS: Step[] = [
  {
    // The demo's notices, photos and texts read as the college's own to a visitor; an owner removes them in one step.
    id: 'demo-content',
    label: 'Remove the demo notices, photos and texts (an owner can, in one step)',
    section: { page: '/admin/demo' },
    done: (_now, _d, facts) => facts.demoItemsLeft === 0,
  },
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
    done: (now, d) => now.college.email !== '' && now.college.email !== d.college.email,
  },
  {
    id: 'phones',
    label: 'Check the phone numbers (a third number was never confirmed)',
    section: 'college',
    done: (now, d) => now.college.phones.length > 0 && now.college.phones.join('\n') !== d.college.phones.join('\n'),
  },
  {
    // 'Start empty' takes the demo's address away; the contact page and the footer need the college's own.
    id: 'address',
    label: "Enter the college's address",
    section: 'college',
    done: (now) => now.college.addressLines.length > 0,
  },
  {
    // The site takes applications itself while a published season is open; until one is, the status is
    // set by hand and APPLY NOW has no form to lead to.
    id: 'admission-season',
    label: 'Publish your admission season: its dates, programmes, fees and scholarship seats',
    section: { page: '/admin/seasons' },
    done: (_now, _d, facts) => facts.seasonPublished,
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

export function setupChecklist(now: StoredSections, defaults: StoredSections, facts: SetupFacts): Checklist {
  return {
    items: STEPS.map((step) => ({
      id: step.id,
      label: step.label,
      page: typeof step.section === 'string' ? SECTION_PAGES[step.section] : step.section.page,
      done: step.done(now, defaults, facts),
    })),
  };
}
