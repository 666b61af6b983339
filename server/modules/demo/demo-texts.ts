import { emptyStart } from '#content/college.ts';
import { emptyStartNe } from '#content/college-ne.ts';
import type { LocalText } from '#common/site-content/local-text.ts';
import type { ContentSection } from '#common/site-content/site.ts';
import type { StoredSections } from '#server/modules/content/index.ts';

/** What removing the demo's texts changes: the sections to store again, and how many texts each kind. */
export interface DemoTextRemoval {
  sections: Partial<StoredSections>;
  texts: number;
  people: number;
  downloads: number;
}

const EMPTY: LocalText = { en: '', ne: '' };
const neutral = (key: keyof typeof emptyStart): LocalText => ({ en: emptyStart[key], ne: emptyStartNe[key] });

/** Exactly as the site shipped it, in both languages: a text the office changed in either is the office's. */
const same = (a: LocalText, b: LocalText) => a.en === b.en && a.ne === b.ne;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The demo's texts still on the site, compared with the first start's defaults (so a site seeded before the
 * seeder kept a record is covered too), and what each becomes: optional texts, the demo's address, e-mail,
 * phones and map are emptied (the public pages leave them out; the setup checklist asks for them); required
 * headings and the kind of college get wording that names no college; default courses, reasons, footer
 * courses and testimonials are taken out of their lists; a default message is emptied (the page leaves it
 * out); the placeholder prospectus is unlinked. The college's name, motto, colours, logo, banner drawings and
 * its own addresses (tour, form, video, social) stay: they are the college's identity or name no one.
 */
export function demoTextRemoval(now: StoredSections, defaults: StoredSections): DemoTextRemoval {
  let texts = 0;
  let people = 0;
  let downloads = 0;
  const sections: Partial<StoredSections> = {};
  const put = <S extends ContentSection>(section: S, data: StoredSections[S]) => {
    sections[section] = data;
  };

  // The college page's fields.
  const college = { ...now.college };
  const d = defaults.college;
  const reset = <K extends keyof typeof college>(key: K, to: (typeof college)[K], isDefault: boolean) => {
    if (!isDefault) return;
    college[key] = to;
    texts += 1;
  };
  reset('kind', neutral('kind'), same(college.kind, d.kind));
  reset('aboutHeading', neutral('aboutHeading'), same(college.aboutHeading, d.aboutHeading));
  for (const key of [
    'addressNote',
    'established',
    'managementSince',
    'heroLead',
    'about',
    'vision',
    'mission',
    'admissionsIntro',
  ] as const)
    reset(key, EMPTY, same(college[key], d[key]));
  const addressLines = college.addressLines.filter((line) => !d.addressLines.some((demo) => same(line, demo)));
  reset('addressLines', addressLines, addressLines.length !== college.addressLines.length);
  const phones = college.phones.filter((phone) => !d.phones.includes(phone));
  reset('phones', phones, phones.length !== college.phones.length);
  reset('email', '', college.email !== '' && college.email === d.email);
  reset('mapEmbedUrl', '', college.mapEmbedUrl !== '' && college.mapEmbedUrl === d.mapEmbedUrl);
  reset('mapLinkUrl', '', college.mapLinkUrl !== '' && college.mapLinkUrl === d.mapLinkUrl);
  if (!sameJson(college, now.college)) put('college', college);

  const courses = now.courses.cards.filter(
    (card) => !defaults.courses.cards.some((demo) => same(card.title, demo.title) && same(card.summary, demo.summary)),
  );
  if (courses.length !== now.courses.cards.length) {
    texts += now.courses.cards.length - courses.length;
    put('courses', { cards: courses });
  }

  const footer = now['footer-courses'].items.filter(
    (item) => !defaults['footer-courses'].items.some((demo) => same(item, demo)),
  );
  if (footer.length !== now['footer-courses'].items.length) {
    texts += now['footer-courses'].items.length - footer.length;
    put('footer-courses', { items: footer });
  }

  const why = now['why-choose-us'];
  const whyDefaults = defaults['why-choose-us'];
  const points = why.points.filter(
    (p) => !whyDefaults.points.some((demo) => same(p.title, demo.title) && same(p.text, demo.text)),
  );
  const heading = same(why.heading, whyDefaults.heading) ? neutral('whyChooseUsHeading') : why.heading;
  const intro = same(why.intro, whyDefaults.intro) ? EMPTY : why.intro;
  const whyRemoved =
    why.points.length - points.length + (heading === why.heading ? 0 : 1) + (intro === why.intro ? 0 : 1);
  if (whyRemoved > 0) {
    texts += whyRemoved;
    put('why-choose-us', { heading, intro, points });
  }

  const messages = { ...now.messages };
  for (const key of ['chairman', 'principal'] as const) {
    const message = messages[key];
    if (message.body.en !== '' && same(message.body, defaults.messages[key].body)) {
      messages[key] = { ...message, body: EMPTY };
      people += 1;
    }
  }
  if (!sameJson(messages, now.messages)) put('messages', messages);

  const testimonials = now.testimonials.items.filter(
    (item) =>
      !defaults.testimonials.items.some((demo) => same(item.quote, demo.quote) && same(item.student, demo.student)),
  );
  if (testimonials.length !== now.testimonials.items.length) {
    people += now.testimonials.items.length - testimonials.length;
    put('testimonials', { items: testimonials });
  }

  if (now.downloads.prospectus?.kind === 'builtin') {
    downloads += 1;
    put('downloads', { prospectus: null });
  }

  return { sections, texts, people, downloads };
}
