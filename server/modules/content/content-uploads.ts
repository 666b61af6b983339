import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type NewSlide, NewSlideSchema } from '#common/site-content/banner.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { CONTENT_ERRORS } from '#common/site-content/errors.ts';
import { LOGO_ERRORS } from '#common/site-content/logo.ts';
import type { MessageKey } from '#common/site-content/people.ts';
import type { ContentSection } from '#common/site-content/site.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { badRequest, conflict, notFound, refusal } from '#server/errors.ts';
import type { ImageLimits } from '#server/images/image-pipeline.ts';
import { type NewFile, storeWithCommit } from '#server/storage/store-with-commit.ts';
import type { Storage } from '#server/storage/storage.ts';
import { SITE_PREFIX, removeDroppedFiles } from './content.files.ts';
import { preparePicture } from './content-pictures.ts';
import { prepareLogo } from './logo-files.ts';
import { checkPdf } from '#server/pdf/pdf-check.ts';
import { type SectionState, editLatest, readSection } from './section-store.ts';
import type { StoredSections } from './stored-sections.ts';

export interface UploadDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  imageLimits: ImageLimits;
  clock: Clock;
}

type Change<S extends ContentSection> = (current: StoredSections[S]) => StoredSections[S];

const bannerFull = () => conflict(CONTENT_ERRORS.bannerFull.code, CONTENT_ERRORS.bannerFull.message);

/**
 * Uploads that change a section: each stores its files and records them in the section as one step
 * (server/storage/store-with-commit.ts), so no file is visible without its row or the reverse, then
 * deletes the files of the picture it replaced. They apply to the section as it is when they commit,
 * so they never clash with a save; the answer carries the section's new version.
 */
export function createContentUploads({ db, storage, log, imageLimits, clock }: UploadDeps) {
  async function store<S extends ContentSection>(
    actor: Actor,
    section: S,
    files: NewFile[],
    apply: Change<S>,
    undo: Change<S>,
  ): Promise<SectionState<S>> {
    const edit = await storeWithCommit(
      storage,
      files,
      {
        commit: () => editLatest(db, { actor, at: clock.now() }, section, (current) => apply(current.data)),
        revert: async () => {
          await editLatest(db, { actor, at: clock.now() }, section, (current) => undo(current.data));
        },
      },
      log,
    );
    await removeDroppedFiles(storage, log, edit.before.data, edit.after.data);
    return edit.after;
  }

  return {
    /** A new slide at the end of the banner, with its description (alt text), which it must have. */
    async addBannerSlide(actor: Actor, image: Buffer, description: NewSlide) {
      authorize(actor, 'content.edit');
      // Both refusals come before the image is processed; the banner's size is checked again at the
      // commit, where it holds against a slide added meanwhile.
      const parsed = NewSlideSchema.safeParse(description);
      if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message);
      const { alt } = parsed.data;
      if ((await readSection(db, 'banner')).data.slides.length >= CONTENT_LIMITS.bannerSlidesMax) throw bannerFull();
      const { picture, files } = await preparePicture(image, imageLimits);
      const id = randomUUID();
      return store(
        actor,
        'banner',
        files,
        (banner) => {
          if (banner.slides.length >= CONTENT_LIMITS.bannerSlidesMax) throw bannerFull();
          return { slides: [...banner.slides, { id, picture, alt }] };
        },
        (banner) => ({ slides: banner.slides.filter((s) => s.id !== id) }),
      );
    },

    /** A course shows this picture instead of an icon. */
    async setCoursePicture(actor: Actor, courseId: string, image: Buffer) {
      authorize(actor, 'content.edit');
      const find = (courses: StoredSections['courses']) => {
        const card = courses.cards.find((c) => c.id === courseId);
        if (!card) throw notFound('course');
        return card;
      };
      find((await readSection(db, 'courses')).data);
      const { picture, files } = await preparePicture(image, imageLimits);
      let previous: StoredSections['courses']['cards'][number]['icon'] | undefined;
      return store(
        actor,
        'courses',
        files,
        (courses) => {
          previous = find(courses).icon;
          return {
            cards: courses.cards.map((c) => (c.id === courseId ? { ...c, icon: { kind: 'picture', picture } } : c)),
          };
        },
        (courses) => ({
          cards: courses.cards.map((c) =>
            c.id === courseId && previous && c.icon.kind === 'picture' && c.icon.picture.id === picture.id
              ? { ...c, icon: previous }
              : c,
          ),
        }),
      );
    },

    /** The chairman's or principal's photo, replacing the one before. */
    async setMessagePhoto(actor: Actor, key: MessageKey, image: Buffer) {
      authorize(actor, 'content.edit');
      const { picture, files } = await preparePicture(image, imageLimits);
      let previous: StoredSections['messages'][MessageKey]['photo'] = null;
      return store(
        actor,
        'messages',
        files,
        (messages) => {
          previous = messages[key].photo;
          return { ...messages, [key]: { ...messages[key], photo: picture } };
        },
        (messages) =>
          messages[key].photo?.id === picture.id
            ? { ...messages, [key]: { ...messages[key], photo: previous } }
            : messages,
      );
    },

    /** The college's logo (a PNG or a plain SVG, checked by its content), replacing the one before. */
    async setLogo(actor: Actor, file: Buffer) {
      authorize(actor, 'content.edit');
      if (file.length > CONTENT_LIMITS.logoBytes) {
        throw refusal(LOGO_ERRORS.tooLarge.code, LOGO_ERRORS.tooLarge.message);
      }
      const { logo, file: stored } = await prepareLogo(file);
      let previous: StoredSections['college']['logo'] = null;
      return store(
        actor,
        'college',
        [stored],
        (college) => {
          previous = college.logo;
          return { ...college, logo };
        },
        (college) => (college.logo?.id === logo.id ? { ...college, logo: previous } : college),
      );
    },

    /** The college goes back to the mark the site ships with; the logo's file is deleted. */
    async removeLogo(actor: Actor) {
      authorize(actor, 'content.edit');
      const edit = await editLatest(db, { actor, at: clock.now() }, 'college', (current) => ({
        ...current.data,
        logo: null,
      }));
      await removeDroppedFiles(storage, log, edit.before.data, edit.after.data);
      return edit.after;
    },

    /** The prospectus, checked as a PDF by its content; its public address stays the same. */
    async uploadProspectus(actor: Actor, pdf: Buffer) {
      authorize(actor, 'content.edit');
      const { pages } = await checkPdf(pdf, { maxBytes: CONTENT_LIMITS.prospectusBytes });
      const sha256 = createHash('sha256').update(pdf).digest('hex');
      const key = `${SITE_PREFIX}prospectus/${randomUUID()}.pdf`;
      const stored = {
        kind: 'upload' as const,
        key,
        bytes: pdf.length,
        pages,
        sha256,
        uploadedAt: clock.now().toISOString(),
      };
      let previous: StoredSections['downloads']['prospectus'] = null;
      return store(
        actor,
        'downloads',
        [{ key, body: pdf, contentType: 'application/pdf' }],
        (downloads) => {
          previous = downloads.prospectus;
          return { prospectus: stored };
        },
        (downloads) =>
          downloads.prospectus?.kind === 'upload' && downloads.prospectus.key === key
            ? { prospectus: previous }
            : downloads,
      );
    },
  };
}
export type ContentUploads = ReturnType<typeof createContentUploads>;
