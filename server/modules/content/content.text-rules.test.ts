/**
 * Every text of every content section, on both sides of its limit, in English and in Nepali, through
 * the real API: the value at the limit is saved, one past it is refused with the field's own message.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SLIDE_ALT_REQUIRED } from '#common/site-content/banner.ts';
import { CONTENT_LIMITS as L } from '#common/site-content/limits.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { chars } from '#server/test-support/factories.ts';
import { sectionEditor } from './test-section-editor.ts';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const { expectSaved, expectRefused } = sectionEditor(() => t);

/** [section, path to the text, limit, the field as its messages name it, whether it may be empty] */
const TEXTS: [string, string, number, string, boolean?][] = [
  ['college', 'name', L.name, "college's name"],
  ['college', 'shortName', L.shortName, 'short name'],
  ['college', 'motto', L.motto, 'motto'],
  ['college', 'kind', L.kind, 'kind of college'],
  ['college', 'addressLines.0', L.addressLine, 'address line'],
  ['college', 'addressNote', L.addressNote, 'note under the address', true],
  ['college', 'established', L.date, 'year of establishment'],
  ['college', 'managementSince', L.date, 'year the present management began', true],
  ['college', 'headline', L.headline, 'headline'],
  ['college', 'heroLead', L.heroLead, 'text under the headline', true],
  ['college', 'aboutHeading', L.heading, 'heading of the about section'],
  ['college', 'about', L.about, 'about text'],
  ['college', 'visionHeading', L.heading, 'heading of the vision'],
  ['college', 'vision', L.pillar, 'vision'],
  ['college', 'missionHeading', L.heading, 'heading of the mission'],
  ['college', 'mission', L.pillar, 'mission'],
  ['college', 'admissionsIntro', L.admissionsIntro, 'admissions text', true],
  ['courses', 'cards.0.title', L.courseTitle, 'course title'],
  ['courses', 'cards.0.summary', L.courseSummary, 'course summary'],
  ['footer-courses', 'items.0', L.footerCourse, 'course name'],
  ['messages', 'chairman.name', L.personName, "person's name", true],
  ['messages', 'principal.role', L.personRole, "person's role"],
  ['messages', 'principal.heading', L.heading, 'heading of the message'],
  ['messages', 'chairman.body', L.messageBody, 'message'],
  ['testimonials', 'items.0.student', L.testimonialStudent, 'description of the student'],
  ['testimonials', 'items.1.quote', L.testimonialQuote, 'quote'],
  ['why-choose-us', 'heading', L.heading, 'heading of the reasons to choose the college'],
  ['why-choose-us', 'intro', L.whyIntro, 'introduction to the reasons', true],
  ['why-choose-us', 'points.0.title', L.whyPointTitle, 'title of the reason'],
  ['why-choose-us', 'points.2.text', L.whyPointText, 'text of the reason'],
];

describe.each(TEXTS)('%s %s (at most %i characters)', (section, path, max, noun, optional) => {
  it(`saves ${max} characters and refuses ${max + 1}`, async () => {
    const capital = `The ${noun}`;
    await expectSaved(section, `${path}.en`, chars(max, 'e'));
    await expectRefused(section, `${path}.en`, chars(max + 1, 'e'), `${capital} must be at most ${max} characters.`);
  });

  it(`keeps a Nepali version of ${max} characters and refuses ${max + 1}`, async () => {
    await expectSaved(section, `${path}.ne`, chars(max, 'क'));
    await expectRefused(
      section,
      `${path}.ne`,
      chars(max + 1, 'क'),
      `The Nepali ${noun} must be at most ${max} characters.`,
    );
  });

  it(optional ? 'may be left empty' : 'must not be empty (spaces alone count as empty)', async () => {
    if (optional) await expectSaved(section, `${path}.en`, '   ');
    else await expectRefused(section, `${path}.en`, '   ', `Enter the ${noun}.`);
    await expectSaved(section, `${path}.en`, 'x');
  });
});

describe('banner slide descriptions', () => {
  it('refuses a slide without a description with the alt-text message, and keeps 200 characters', async () => {
    await expectRefused('banner', 'slides.0.alt.en', '', SLIDE_ALT_REQUIRED);
    await expectRefused('banner', 'slides.0.alt', { ne: 'कलेज' }, SLIDE_ALT_REQUIRED);
    await expectSaved('banner', 'slides.0.alt.en', chars(L.alt));
    await expectRefused(
      'banner',
      'slides.0.alt.en',
      chars(L.alt + 1),
      `The description of the photo must be at most ${L.alt} characters.`,
    );
  });
});
