import type { AppLoadContext } from 'react-router';
import { STALE_COPY, apiErrorMessage } from '#common/api-error.ts';
import { NewSlideSchema } from '#common/site-content/banner.ts';
import { CollegeSchema } from '#common/site-content/college.ts';
import type { CourseCard, CourseIconName } from '#common/site-content/courses.ts';
import { PDF_ERRORS, type ProspectusChoice } from '#common/site-content/downloads.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { LOGO_ERRORS } from '#common/site-content/logo.ts';
import { MESSAGE_KEYS, type Message, type MessageKey, UNKNOWN_MESSAGE_KEY } from '#common/site-content/people.ts';
import { SECTION_SCHEMAS, type SectionUpdate, type VersionedView } from '#common/site-content/sections.ts';
import { type ContentSection, VersionSchema } from '#common/site-content/site.ts';
import type { AdminWrite, WriteOutcome, WritingAdmin } from './admin-action.server.ts';
import { fieldErrorsOf, formText, formValues } from './admin-form.ts';
import { type ListEdit, editList } from './admin-list-edit.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import type { FieldErrors } from './admin-result.ts';
import { errorsAtRows, errorsUnder, formLocalText, formVersion, pathErrorsOf } from './admin-section-form.ts';
import { collegeFromValues, editPhones, phoneEdits, phonesOf, withPhones } from '../college-form.ts';

/**
 * Every write of the college's content pages (/admin/content, /admin/banner, /admin/courses, /admin/people,
 * /admin/downloads), as one table: CONTENT_WRITES[page] is what the page's action passes to adminAction.
 * A write puts what its form edits into the section as stored, checks the whole with the section's shared
 * schema (each refusal named beside its control) and saves it through the content service, as the JSON
 * API does, with the version the form was edited from (a stale copy is refused with 409).
 */

type Services = AppLoadContext['services'];
const MESSAGES = ADMIN_MESSAGES.content;

/** Thrown like a service refusal, so the action answers it with its code and words. */
function refusal(status: number, code: string, message: string): Error {
  return Object.assign(new Error(message), { statusCode: status, code });
}

/** Where a section's refusals go in the form that was posted. */
interface Placement {
  /** The edited item (`cards.3`): its refusals go beside its controls, named without the prefix. */
  prefix?: string;
  /** A list posted as numbered rows, some left out: the k-th saved item is form row `rows[k]`. */
  rows?: { list: string; at: readonly number[] };
}

/**
 * Checks an update with its section's schema and saves it. Refusals the form has a control for go beside
 * it; any other (a list already at its longest) is the form's reason.
 */
async function save<S extends ContentSection>(
  services: Services,
  admin: WritingAdmin,
  section: S,
  update: unknown,
  version: number,
  { prefix = '', rows }: Placement = {},
): Promise<WriteOutcome> {
  const errors = pathErrorsOf(SECTION_SCHEMAS[section].update, update);
  if (errors) {
    const placed = rows ? errorsAtRows(errors, rows.list, rows.at) : errors;
    const fieldErrors = prefix === '' ? placed : errorsUnder(placed, prefix);
    const [first] = Object.values(errors);
    if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
    throw refusal(400, 'validation', first ?? 'The content is not valid.');
  }
  if (!Number.isInteger(version) || version < 0) throw refusal(409, STALE_COPY.code, STALE_COPY.message);
  await services.content.update(admin, section, { ...(update as SectionUpdate<S>), version });
}

/** The file of an upload form, or null when none was chosen. */
async function formFile(form: FormData): Promise<Buffer | null> {
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return null;
  return Buffer.from(await file.arrayBuffer());
}

/** A new picture for the item the form names, through the image pipeline. */
const pictureUpload = (
  store: (form: FormData, file: Buffer, services: Services, admin: WritingAdmin) => Promise<unknown>,
): AdminWrite => ({
  action: 'content.edit',
  messages: MESSAGES,
  async run(form, services, admin) {
    const file = await formFile(form);
    if (!file) return { fieldErrors: { file: 'Please select an image file.' } };
    await store(form, file, services, admin);
  },
});

// Lists edited an item at a time (slides, course cards, testimonials) -------------------------------

/** A list of a section whose items the page edits one at a time. */
interface ItemList<S extends ContentSection, I extends { id?: string | undefined }> {
  section: S;
  /** The list's key in the section's update. */
  list: string;
  /** The list's items as an update names them. */
  items: (current: VersionedView<S>) => I[];
  /** The item a save form posts. */
  fromForm: (form: FormData) => I;
  /** The intent of the list's delete (`course-delete`). */
  deleteIntent: string;
}

/** The move (its `move` field says 'up' or 'down'), delete or save a list item's form posts. */
function listEdit<I>(form: FormData, deleteIntent: string, item: () => I): ListEdit<I> {
  const id = formText(form, 'id');
  const move = formText(form, 'move');
  if (move === 'up' || move === 'down') return { kind: 'move', id, by: move === 'up' ? -1 : 1 };
  if (formText(form, 'intent') === deleteIntent) return { kind: 'delete', id };
  return { kind: 'save', id: id === '' ? undefined : id, item: item() };
}

/**
 * Adds, edits, moves or deletes one item. A move or a delete names its item, which means the same in the
 * list as it is now, so it applies to that (a delete has no form to carry a version); a save applies to
 * the version its form was edited from.
 */
function itemListWrite<S extends ContentSection, I extends { id?: string | undefined }>(
  table: ItemList<S, I>,
): AdminWrite {
  return {
    action: 'content.edit',
    messages: MESSAGES,
    async run(form, services, admin) {
      const current = await services.content.get(table.section);
      const edit = listEdit<I>(form, table.deleteIntent, () => table.fromForm(form));
      const { items, index } = editList<I>(table.items(current), edit);
      const version = edit.kind === 'save' ? formVersion(form) : current.version;
      return save(services, admin, table.section, { [table.list]: items }, version, {
        prefix: `${table.list}.${index}`,
      });
    },
  };
}

const courseInput = (card: CourseCard) => ({
  id: card.id,
  title: card.title,
  summary: card.summary,
  icon: card.icon.kind === 'icon' ? card.icon : { kind: 'picture' as const },
});
type CourseInput = Omit<ReturnType<typeof courseInput>, 'id'> & { id?: string };

type LocalPair = { en: string; ne: string };

const slides = itemListWrite<'banner', { id?: string; alt: LocalPair }>({
  section: 'banner',
  list: 'slides',
  items: (banner) => banner.slides.map(({ id, alt }) => ({ id, alt })),
  fromForm: (form) => ({ alt: formLocalText(form, 'alt') }),
  deleteIntent: 'delete',
});

const courses = itemListWrite<'courses', CourseInput>({
  section: 'courses',
  list: 'cards',
  items: (current) => current.cards.map(courseInput),
  fromForm: (form) => {
    const icon = formText(form, 'icon');
    return {
      title: formLocalText(form, 'title'),
      summary: formLocalText(form, 'summary'),
      icon: icon === 'picture' ? { kind: 'picture' } : { kind: 'icon', name: icon as CourseIconName },
    };
  },
  deleteIntent: 'course-delete',
});

const testimonials = itemListWrite<'testimonials', { id?: string; student: LocalPair; quote: LocalPair }>({
  section: 'testimonials',
  list: 'items',
  items: (current) => current.items,
  fromForm: (form) => ({ student: formLocalText(form, 'student'), quote: formLocalText(form, 'quote') }),
  deleteIntent: 'testimonial-delete',
});

// Lists saved as a whole from numbered rows (footer courses, reasons to choose the college) -----------

/** Rows of a list form whose every text is empty are left out: that is how a row is removed or left unused. */
const filled = (texts: LocalPair[]) => texts.some((t) => t.en.trim() !== '' || t.ne.trim() !== '');

/** The numbered rows a list form posts (`items.0.en`, `items.1.en`, …), in order. */
function rowIndexes(form: FormData, list: string): number[] {
  const found = new Set<number>();
  for (const name of form.keys()) {
    const match = new RegExp(`^${list}\\.(\\d+)\\.`, 'u').exec(name);
    if (match) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

/** The filled rows of a list form as items, and the form row each came from. */
function keptRows<T>(form: FormData, list: string, read: (row: number) => { item: T; texts: LocalPair[] }) {
  const kept = rowIndexes(form, list)
    .map((row) => ({ row, ...read(row) }))
    .filter(({ texts }) => filled(texts));
  return { items: kept.map((k) => k.item), rows: { list, at: kept.map((k) => k.row) } };
}

/** The footer's list of courses, saved as a whole; an emptied row is removed. */
const saveFooterCourses: AdminWrite = {
  action: 'content.edit',
  messages: MESSAGES,
  run(form, services, admin) {
    const { items, rows } = keptRows(form, 'items', (i) => {
      const text = formLocalText(form, `items.${i}`);
      return { item: text, texts: [text] };
    });
    return save(services, admin, 'footer-courses', { items }, formVersion(form), { rows });
  },
};

/** The reasons to choose the college, saved as a whole; a reason whose texts are all emptied is removed. */
const saveWhyChooseUs: AdminWrite = {
  action: 'content.edit',
  messages: MESSAGES,
  run(form, services, admin) {
    const { items: points, rows } = keptRows(form, 'points', (i) => {
      const title = formLocalText(form, `points.${i}.title`);
      const text = formLocalText(form, `points.${i}.text`);
      const id = formText(form, `points.${i}.id`);
      return { item: { ...(id === '' ? {} : { id }), title, text }, texts: [title, text] };
    });
    const update = { heading: formLocalText(form, 'heading'), intro: formLocalText(form, 'intro'), points };
    return save(services, admin, 'why-choose-us', update, formVersion(form), { rows });
  },
};

// The college ----------------------------------------------------------------------------------------

/** Saves the college as typed, from the version the form was read at (a stale copy is refused with 409). */
const saveCollege: AdminWrite = {
  action: 'content.edit',
  messages: MESSAGES,
  async run(form, services, admin) {
    const values = formValues(form);
    const input = collegeFromValues(values);
    const fieldErrors = fieldErrorsOf(CollegeSchema, input);
    if (fieldErrors) return { fieldErrors };
    const version = VersionSchema.safeParse(Number(values.version ?? ''));
    if (!version.success) return { fieldErrors: { version: version.error.issues[0]?.message ?? '' } };
    await services.content.update(admin, 'college', { ...CollegeSchema.parse(input), version: version.data });
  },
};

/** A new logo (a PNG or a plain SVG, checked by its content by the service), in place of the one before. */
const uploadLogo: AdminWrite = {
  action: 'content.edit',
  messages: MESSAGES,
  async run(form, services, admin) {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return { fieldErrors: { file: LOGO_ERRORS.missing.message } };
    if (file.size > CONTENT_LIMITS.logoBytes) return { fieldErrors: { file: LOGO_ERRORS.tooLarge.message } };
    await services.content.uploads.setLogo(admin, Buffer.from(await file.arrayBuffer()));
  },
};

/** Back to the mark the site ships with. */
const removeLogo: AdminWrite = {
  action: 'content.edit',
  messages: MESSAGES,
  async run(_form, services, admin) {
    await services.content.uploads.removeLogo(admin);
  },
};

/**
 * The phone list's buttons (add, remove, move up or down), posted when JavaScript is off: the form comes
 * back with the list changed and everything else as typed; nothing is saved until Save.
 */
const phoneListWrites: Record<string, AdminWrite> = Object.fromEntries(
  [...phoneEdits()].map(([intent, edit]) => [
    intent,
    {
      action: 'content.edit',
      messages: MESSAGES,
      run: async (form) => {
        const values = formValues(form);
        return { edited: withPhones(values, editPhones(phonesOf(values), edit, '')) };
      },
    } satisfies AdminWrite,
  ]),
);

// Banner uploads, people and downloads ---------------------------------------------------------------

/** A new slide at the end of the banner: its photo through the image pipeline, and its description. */
const uploadSlide: AdminWrite = {
  action: 'content.edit',
  messages: MESSAGES,
  async run(form, services, admin) {
    const alt = { en: formText(form, 'alt'), ne: formText(form, 'altNe') };
    const refused = fieldErrorsOf(NewSlideSchema, { alt });
    const fieldErrors: FieldErrors = {};
    if (refused?.['alt.en']) fieldErrors.alt = refused['alt.en'];
    if (refused?.['alt.ne']) fieldErrors.altNe = refused['alt.ne'];
    const file = await formFile(form);
    if (!file) fieldErrors.file = apiErrorMessage('image/missing');
    if (Object.keys(fieldErrors).length > 0 || !file) return { fieldErrors };
    await services.content.uploads.addBannerSlide(admin, file, { alt });
  },
};

const messageInput = (message: Message) => ({
  name: message.name,
  role: message.role,
  heading: message.heading,
  body: message.body,
  photo: 'keep' as 'keep' | 'none',
});

/** The person a message form names: the chairman or the principal. */
function messageKey(form: FormData): MessageKey {
  const key = formText(form, 'key') as MessageKey;
  if (!MESSAGE_KEYS.includes(key)) throw refusal(400, 'validation', UNKNOWN_MESSAGE_KEY);
  return key;
}

/** The chairman's or the principal's message (the form of one person; the other stays as stored). */
const saveMessage: AdminWrite = {
  action: 'content.edit',
  messages: MESSAGES,
  async run(form, services, admin) {
    const key = messageKey(form);
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
    return save(services, admin, 'messages', update, formVersion(form), { prefix: key });
  },
};

/** A new prospectus (a PDF, checked by its content); its public address stays the same. */
const uploadProspectus: AdminWrite = {
  action: 'content.edit',
  messages: MESSAGES,
  async run(form, services, admin) {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return { fieldErrors: { file: PDF_ERRORS.missing.message } };
    if (file.size > CONTENT_LIMITS.prospectusBytes) return { fieldErrors: { file: PDF_ERRORS.tooLarge.message } };
    await services.content.uploads.uploadProspectus(admin, Buffer.from(await file.arrayBuffer()));
  },
};

/**
 * The placeholder prospectus the site ships with instead of the upload, or no prospectus at all (the
 * navigation hides its link). Like a delete, it applies to the section as it is now.
 */
const chooseProspectus = (prospectus: ProspectusChoice): AdminWrite => ({
  action: 'content.edit',
  messages: MESSAGES,
  async run(_form, services, admin) {
    const current = await services.content.get('downloads');
    return save(services, admin, 'downloads', { prospectus }, current.version);
  },
});

/** Each content page's writes by the intent its forms post. */
export const CONTENT_WRITES = {
  content: { save: saveCollege, logo: uploadLogo, 'logo-remove': removeLogo, ...phoneListWrites },
  banner: { upload: uploadSlide, slide: slides, move: slides, delete: slides },
  courses: {
    course: courses,
    'course-move': courses,
    'course-delete': courses,
    'course-picture': pictureUpload((form, file, services, admin) =>
      services.content.uploads.setCoursePicture(admin, formText(form, 'id'), file),
    ),
    footer: saveFooterCourses,
  },
  people: {
    message: saveMessage,
    'message-photo': pictureUpload((form, file, services, admin) =>
      services.content.uploads.setMessagePhoto(admin, messageKey(form), file),
    ),
    testimonial: testimonials,
    'testimonial-move': testimonials,
    'testimonial-delete': testimonials,
    why: saveWhyChooseUs,
  },
  downloads: {
    prospectus: uploadProspectus,
    'prospectus-builtin': chooseProspectus('builtin'),
    'prospectus-remove': chooseProspectus('none'),
  },
} as const satisfies Record<string, Record<string, AdminWrite>>;
