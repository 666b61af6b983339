import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { STALE_COPY } from '#common/api-error.ts';
import {
  type CourseCard,
  type CourseIconName,
  CoursesUpdateSchema,
  FooterCoursesUpdateSchema,
} from '#common/site-content/courses.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { PDF_ERRORS } from '#common/site-content/downloads.ts';
import {
  MESSAGE_KEYS,
  type Message,
  type MessageKey,
  MessagesUpdateSchema,
  TestimonialsUpdateSchema,
  WhyChooseUsUpdateSchema,
} from '#common/site-content/people.ts';
import type { SectionUpdate } from '#common/site-content/sections.ts';
import type { ContentSection } from '#common/site-content/site.ts';
import type { AdminWrite, WriteOutcome } from './admin-action.server.ts';
import { formText } from './admin-form.ts';
import { type ListEdit, editList } from './admin-list-edit.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { errorsUnder, formLocalText, formVersion, pathErrorsOf } from './admin-section-form.ts';

/**
 * The writes of the site-content pages (/admin/courses, /admin/people, /admin/downloads). Each form edits
 * one item or one part of a section: the write puts it into the section as stored, checks the whole with
 * the section's shared schema (so each refused field is named beside its control) and saves it through
 * the content service with the version the form was edited from, which refuses a stale copy.
 */

type Services = AppLoadContext['services'];
const MESSAGES = ADMIN_MESSAGES.content;

/** Thrown like a service refusal, so the action answers it with its code and words. */
function refusal(status: number, code: string, message: string): Error {
  return Object.assign(new Error(message), { statusCode: status, code });
}

/**
 * Checks an update with its schema and saves it. Refusals under `prefix` (the edited item) go beside
 * their controls; any other (a list already at its longest) is the form's reason.
 */
async function save<S extends ContentSection>(
  services: Services,
  section: S,
  schema: z.ZodType,
  update: unknown,
  version: number,
  prefix = '',
): Promise<WriteOutcome> {
  const errors = pathErrorsOf(schema, update);
  if (errors) {
    const fieldErrors = prefix === '' ? errors : errorsUnder(errors, prefix);
    const [first] = Object.values(errors);
    if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
    throw refusal(400, 'validation', first ?? 'The content is not valid.');
  }
  if (!Number.isInteger(version) || version < 0) throw refusal(409, STALE_COPY.code, STALE_COPY.message);
  await services.content.update(section, { ...(update as SectionUpdate<S>), version });
}

/** The move or delete a list's small forms post: the item's id and, for a move, its direction. */
function listEdit<T>(form: FormData, item: () => T): ListEdit<T> {
  const id = formText(form, 'id');
  const move = formText(form, 'move');
  if (move === 'up' || move === 'down') return { kind: 'move', id, by: move === 'up' ? -1 : 1 };
  if (formText(form, 'intent').endsWith('-delete')) return { kind: 'delete', id };
  return { kind: 'save', id: id === '' ? undefined : id, item: item() };
}

/** The file of an upload form, or null when none was chosen. */
async function formFile(form: FormData): Promise<Buffer | null> {
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return null;
  return Buffer.from(await file.arrayBuffer());
}

// Courses ------------------------------------------------------------------------------------------

const courseInput = (card: CourseCard) => ({
  id: card.id,
  title: card.title,
  summary: card.summary,
  icon: card.icon.kind === 'icon' ? card.icon : { kind: 'picture' as const },
});
type CourseInput = ReturnType<typeof courseInput> | Omit<ReturnType<typeof courseInput>, 'id'>;

function courseFromForm(form: FormData): CourseInput {
  const icon = formText(form, 'icon');
  return {
    title: formLocalText(form, 'title'),
    summary: formLocalText(form, 'summary'),
    icon: icon === 'picture' ? { kind: 'picture' } : { kind: 'icon', name: icon as CourseIconName },
  };
}

/** Add, edit, move or delete one course card (`course`, `course-move`, `course-delete`). */
export const editCourse: AdminWrite = {
  messages: MESSAGES,
  async run(form, services) {
    const current = await services.content.get('courses');
    const edit = listEdit<CourseInput>(form, () => courseFromForm(form));
    const { items, index } = editList<CourseInput & { id?: string }>(current.cards.map(courseInput), edit);
    // A delete has no form of its own to carry a version: it applies to the list as it is now.
    const version = edit.kind === 'delete' ? current.version : formVersion(form);
    return save(services, 'courses', CoursesUpdateSchema, { cards: items }, version, `cards.${index}`);
  },
};

/** A picture shown on a course card instead of its icon. */
export const uploadCoursePicture: AdminWrite = {
  messages: MESSAGES,
  async run(form, services) {
    const file = await formFile(form);
    if (!file) return { fieldErrors: { file: 'Please select an image file.' } };
    await services.content.uploads.setCoursePicture(formText(form, 'id'), file);
  },
};

/** Rows of a list form whose every text is empty are left out: that is how a row is removed or left unused. */
const filled = (texts: { en: string; ne: string }[]) => texts.some((t) => t.en.trim() !== '' || t.ne.trim() !== '');

/** The numbered rows a list form posts (`items.0.en`, `items.1.en`, …), in order. */
function rowIndexes(form: FormData, list: string): number[] {
  const found = new Set<number>();
  for (const name of form.keys()) {
    const match = new RegExp(`^${list}\\.(\\d+)\\.`, 'u').exec(name);
    if (match) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

/** The footer's list of courses, saved as a whole; an emptied row is removed. */
export const saveFooterCourses: AdminWrite = {
  messages: MESSAGES,
  run(form, services) {
    const items = rowIndexes(form, 'items')
      .map((i) => formLocalText(form, `items.${i}`))
      .filter((text) => filled([text]));
    return save(services, 'footer-courses', FooterCoursesUpdateSchema, { items }, formVersion(form));
  },
};

// People -------------------------------------------------------------------------------------------

const messageInput = (message: Message) => ({
  name: message.name,
  role: message.role,
  heading: message.heading,
  body: message.body,
  photo: 'keep' as 'keep' | 'none',
});

/** The chairman's or the principal's message (the form of one person; the other stays as stored). */
export const saveMessage: AdminWrite = {
  messages: MESSAGES,
  async run(form, services) {
    const key = formText(form, 'key') as MessageKey;
    if (!MESSAGE_KEYS.includes(key))
      throw refusal(400, 'validation', 'There is a chairman’s and a principal’s message.');
    const current = await services.content.get('messages');
    const update = {
      chairman: messageInput(current.chairman),
      principal: messageInput(current.principal),
      [key]: {
        name: formLocalText(form, 'name'),
        role: formLocalText(form, 'role'),
        heading: formLocalText(form, 'heading'),
        body: formLocalText(form, 'body'),
        photo: formText(form, 'removePhoto') === 'on' ? 'none' : 'keep',
      },
    };
    return save(services, 'messages', MessagesUpdateSchema, update, formVersion(form), key);
  },
};

/** A new photo of the chairman or the principal. */
export const uploadMessagePhoto: AdminWrite = {
  messages: MESSAGES,
  async run(form, services) {
    const key = formText(form, 'key') as MessageKey;
    if (!MESSAGE_KEYS.includes(key))
      throw refusal(400, 'validation', 'There is a chairman’s and a principal’s message.');
    const file = await formFile(form);
    if (!file) return { fieldErrors: { file: 'Please select an image file.' } };
    await services.content.uploads.setMessagePhoto(key, file);
  },
};

interface TestimonialInput {
  id?: string;
  student: { en: string; ne: string };
  quote: { en: string; ne: string };
}

/** Add, edit, move or delete one testimonial (`testimonial`, `testimonial-move`, `testimonial-delete`). */
export const editTestimonial: AdminWrite = {
  messages: MESSAGES,
  async run(form, services) {
    const current = await services.content.get('testimonials');
    const edit = listEdit<TestimonialInput>(form, () => ({
      student: formLocalText(form, 'student'),
      quote: formLocalText(form, 'quote'),
    }));
    const { items, index } = editList<TestimonialInput>(current.items, edit);
    const version = edit.kind === 'delete' ? current.version : formVersion(form);
    return save(services, 'testimonials', TestimonialsUpdateSchema, { items }, version, `items.${index}`);
  },
};

/** The reasons to choose the college, saved as a whole; a reason whose texts are all emptied is removed. */
export const saveWhyChooseUs: AdminWrite = {
  messages: MESSAGES,
  run(form, services) {
    const points = rowIndexes(form, 'points').flatMap((i) => {
      const title = formLocalText(form, `points.${i}.title`);
      const text = formLocalText(form, `points.${i}.text`);
      const id = formText(form, `points.${i}.id`);
      return filled([title, text]) ? [{ ...(id === '' ? {} : { id }), title, text }] : [];
    });
    const update = { heading: formLocalText(form, 'heading'), intro: formLocalText(form, 'intro'), points };
    return save(services, 'why-choose-us', WhyChooseUsUpdateSchema, update, formVersion(form));
  },
};

// Downloads ----------------------------------------------------------------------------------------

/** A new prospectus (a PDF, checked by its content); its public address stays the same. */
export const uploadProspectus: AdminWrite = {
  messages: MESSAGES,
  async run(form, services) {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return { fieldErrors: { file: PDF_ERRORS.missing.message } };
    if (file.size > CONTENT_LIMITS.prospectusBytes) return { fieldErrors: { file: PDF_ERRORS.tooLarge.message } };
    await services.content.uploads.uploadProspectus(Buffer.from(await file.arrayBuffer()));
  },
};
