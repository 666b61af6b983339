import { randomUUID } from 'node:crypto';
import { CONTENT_ERRORS } from '#common/site-content/errors.ts';
import type { SectionUpdate } from '#common/site-content/sections.ts';
import type { ContentSection } from '#common/site-content/site.ts';
import { badRequest } from '#server/errors.ts';
import type { StoredSections } from './stored-sections.ts';

const unknownItem = () => badRequest(CONTENT_ERRORS.unknownItem.code, CONTENT_ERRORS.unknownItem.message);

/** The current item an update names by id, a new id for a new item, or a refusal for an id never seen. */
function matchItem<T extends { id: string }>(current: readonly T[], id: string | undefined): T | null {
  if (id === undefined) return null;
  const found = current.find((item) => item.id === id);
  if (!found) throw unknownItem();
  return found;
}

/** Items of a list update keep their ids; new ones get one. */
function withIds<I extends { id?: string | undefined }>(current: readonly { id: string }[], items: I[]) {
  return items.map(({ id, ...rest }) => ({ ...rest, id: matchItem(current, id)?.id ?? randomUUID() }));
}

type Appliers = { [S in ContentSection]: (current: StoredSections[S], update: SectionUpdate<S>) => StoredSections[S] };

/**
 * How a validated update becomes the section's new content. Pictures are never taken from the update:
 * they stay with the slide, course or person that has them, named by id, and only an upload adds one.
 */
export const APPLY_UPDATE: Appliers = {
  // The logo stays as it is: only its upload (or its removal) changes it. A save without colours or the
  // reference prefix (a client older than them) keeps the stored ones.
  college: (current, { colours, referencePrefix, ...update }) => ({
    ...update,
    colours: colours ?? current.colours,
    referencePrefix: referencePrefix ?? current.referencePrefix,
    logo: current.logo,
  }),

  banner: (current, update) => ({
    slides: update.slides.map(({ id, alt }) => ({ id, alt, picture: matchItem(current.slides, id)!.picture })),
  }),

  courses: (current, update) => ({
    cards: update.cards.map(({ id, title, summary, icon }) => {
      const existing = matchItem(current.cards, id);
      if (icon.kind === 'icon') return { id: existing?.id ?? randomUUID(), title, summary, icon };
      if (existing?.icon.kind !== 'picture') {
        throw badRequest(CONTENT_ERRORS.noPicture.code, CONTENT_ERRORS.noPicture.message);
      }
      return { id: existing.id, title, summary, icon: existing.icon };
    }),
  }),

  'footer-courses': (_current, update) => update,

  messages: (current, update) => ({
    chairman: { ...update.chairman, photo: update.chairman.photo === 'keep' ? current.chairman.photo : null },
    principal: { ...update.principal, photo: update.principal.photo === 'keep' ? current.principal.photo : null },
  }),

  testimonials: (current, update) => ({ items: withIds(current.items, update.items) }),

  'why-choose-us': (current, update) => ({ ...update, points: withIds(current.points, update.points) }),

  downloads: (current, update) => ({
    prospectus:
      update.prospectus === 'keep' ? current.prospectus : update.prospectus === 'builtin' ? { kind: 'builtin' } : null,
  }),
};
