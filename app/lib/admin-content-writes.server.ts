import type { AppLoadContext } from 'react-router';
import { API_ERRORS, apiErrorMessage } from '#common/api-error.ts';
import { NewSlideSchema } from '#common/site-content/banner.ts';
import { CollegeSchema } from '#common/site-content/college.ts';
import { VersionSchema } from '#common/site-content/site.ts';
import type { AdminWrite } from './admin-action.server.ts';
import { fieldErrorsOf, formText, formValues } from './admin-form.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { collegeFromValues, editPhones, phoneEdits, phonesOf, withPhones } from './college-form.ts';

/**
 * The writes of the college's content pages (/admin/content, /admin/banner), each calling the content
 * service as its JSON API route does, so the rules and the stale-copy check live once.
 */

const messages = ADMIN_MESSAGES.content;
type Services = AppLoadContext['services'];

/** Saves the college as typed, from the version the form was read at (a stale copy is refused with 409). */
export const saveCollege: AdminWrite = {
  messages,
  async run(form, services) {
    const values = formValues(form);
    const input = collegeFromValues(values);
    const fieldErrors = fieldErrorsOf(CollegeSchema, input);
    if (fieldErrors) return { fieldErrors };
    const version = VersionSchema.safeParse(Number(values.version ?? ''));
    if (!version.success) return { fieldErrors: { version: version.error.issues[0]?.message ?? '' } };
    await services.content.update('college', { ...CollegeSchema.parse(input), version: version.data });
  },
};

/**
 * The phone list's buttons (add, remove, move up or down), posted when JavaScript is off: the form comes
 * back with the list changed and everything else as typed; nothing is saved until Save.
 */
export const phoneListWrites: Record<string, AdminWrite> = Object.fromEntries(
  [...phoneEdits()].map(([intent, edit]) => [
    intent,
    {
      messages,
      run: async (form) => {
        const values = formValues(form);
        return { edited: withPhones(values, editPhones(phonesOf(values), edit, '')) };
      },
    } satisfies AdminWrite,
  ]),
);

/** A new slide at the end of the banner: its photo through the image pipeline, and its description. */
export const uploadSlide: AdminWrite = {
  messages,
  async run(form, services) {
    const alt = { en: formText(form, 'alt'), ne: formText(form, 'altNe') };
    const refused = fieldErrorsOf(NewSlideSchema, { alt });
    const fieldErrors: Record<string, string> = {};
    if (refused?.['alt.en']) fieldErrors.alt = refused['alt.en'];
    if (refused?.['alt.ne']) fieldErrors.altNe = refused['alt.ne'];
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) fieldErrors.file = apiErrorMessage('image/missing');
    if (Object.keys(fieldErrors).length > 0 || !(file instanceof File)) return { fieldErrors };
    await services.content.uploads.addBannerSlide(Buffer.from(await file.arrayBuffer()), { alt });
  },
};

interface SlideRef {
  id: string;
  alt: { en: string; ne: string };
}

/** The same refusal the API gives for an item the section no longer holds (deleted in another tab). */
const unknownItem = () =>
  Object.assign(new Error(API_ERRORS['content/unknown-item'].message), {
    statusCode: API_ERRORS['content/unknown-item'].status,
    code: 'content/unknown-item',
  });

/**
 * Changes the list of slides as it is now (not as the page showed it: a move or a delete names its
 * slide, which means the same in the latest list). The save is still a compare-and-set on the version read.
 */
async function editSlides(services: Services, id: string, change: (slides: SlideRef[], index: number) => SlideRef[]) {
  const banner = await services.content.get('banner');
  const slides = banner.slides.map((s) => ({ id: s.id, alt: s.alt }));
  const index = slides.findIndex((s) => s.id === id);
  if (index < 0) throw unknownItem();
  await services.content.update('banner', { slides: change(slides, index), version: banner.version });
}

/** Moves a slide one place earlier (`direction=up`) or later (`down`) in the banner's rotation. */
export const moveSlide: AdminWrite = {
  messages,
  run: (form, services) =>
    editSlides(services, formText(form, 'id'), (slides, index) => {
      const other = formText(form, 'direction') === 'up' ? index - 1 : index + 1;
      const a = slides[index];
      const b = slides[other];
      if (!a || !b) return slides;
      const next = [...slides];
      next[index] = b;
      next[other] = a;
      return next;
    }).then(() => undefined),
};

/** Removes a slide; the banner keeps at least one (the schema's rule and words). */
export const deleteSlide: AdminWrite = {
  messages,
  run: (form, services) =>
    editSlides(services, formText(form, 'id'), (slides, index) => slides.filter((_, i) => i !== index)).then(
      () => undefined,
    ),
};
