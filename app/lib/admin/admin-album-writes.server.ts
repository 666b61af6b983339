import {
  AlbumInputSchema,
  AlbumOrderSchema,
  BULK_PHOTOS_MAX,
  PhotoIdsSchema,
  PhotoTextSchema,
} from '#common/gallery.ts';
import { apiErrorMessage, refusalOf } from '#common/api-error.ts';
import type { AdminWrite } from './admin-action.server.ts';
import { fieldErrorsOf, formBsDate, formText } from './admin-form.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { CONFIRM_DELETE_FIELD } from '#app/components/admin/photo-bulk-delete.tsx';

/** An album's form as the service takes it; the B.S. date comes as day, month and year. */
function albumInput(form: FormData) {
  return {
    slug: formText(form, 'slug').trim(),
    titleEn: formText(form, 'titleEn'),
    titleNe: formText(form, 'titleNe'),
    heldOn: formBsDate(form, 'heldOn'),
    descriptionEn: formText(form, 'descriptionEn'),
    descriptionNe: formText(form, 'descriptionNe'),
    published: formText(form, 'published') === 'on',
  };
}

export const createAlbum: AdminWrite = {
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.albumCreate,
  async run(form, services, admin) {
    const input = albumInput(form);
    const fieldErrors = fieldErrorsOf(AlbumInputSchema, input);
    if (fieldErrors) return { fieldErrors };
    const album = await services.albums.create(admin, AlbumInputSchema.parse(input));
    return { created: album.id };
  },
};

export const updateAlbum: AdminWrite = {
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.albumUpdate,
  async run(form, services, admin) {
    const input = albumInput(form);
    const fieldErrors = fieldErrorsOf(AlbumInputSchema, input);
    if (fieldErrors) return { fieldErrors };
    await services.albums.update(admin, formText(form, 'albumId'), AlbumInputSchema.parse(input));
    return undefined;
  },
};

export const deleteAlbum: AdminWrite = {
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.albumDelete,
  run: async (form, services, admin) => services.albums.remove(admin, formText(form, 'id')).then(() => undefined),
};

/**
 * One photo sent with the album page's form (several at once go through the upload API, one by one): queued, and
 * processed in the background; the page after the post lists it with its state.
 */
export const uploadToAlbum: AdminWrite = {
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.albumPhotoQueued,
  async run(form, services, admin) {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return { fieldErrors: { file: apiErrorMessage('image/missing') } };
    await services.images.enqueue(admin, formText(form, 'albumId'), Buffer.from(await file.arrayBuffer()));
    return undefined;
  },
};

/**
 * Several photos sent with the album page's plain form (JavaScript off): each is queued on its own, as the
 * upload API would, so one refused file (not a photo, too large, the queue full) does not lose the others; the
 * answer names each refused file with its reason. Nothing is queued when the form holds more than the bulk limit.
 */
export const uploadManyToAlbum: AdminWrite = {
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.albumPhotosQueued,
  async run(form, services, admin) {
    const files = form.getAll('files').filter((f): f is File => f instanceof File && f.size > 0);
    if (files.length === 0) return { fieldErrors: { files: apiErrorMessage('image/missing') } };
    if (files.length > BULK_PHOTOS_MAX) {
      return { fieldErrors: { files: `Choose at most ${BULK_PHOTOS_MAX} photos at once.` } };
    }
    const albumId = formText(form, 'albumId');
    const refused: string[] = [];
    let firstCode = '';
    for (const file of files) {
      try {
        await services.images.enqueue(admin, albumId, Buffer.from(await file.arrayBuffer()));
      } catch (err) {
        const refusal = refusalOf(err);
        // A fault that is not the file's (a database error) is answered for the whole form, as any write's.
        if (!refusal || refusal.status === 404 || refusal.status === 403) throw err;
        firstCode ||= refusal.code;
        refused.push(`${file.name}: ${refusal.message}`);
      }
    }
    const queued = files.length - refused.length;
    if (queued === 0) {
      return { fieldErrors: { files: refused.join(' ') }, refusal: { code: firstCode, message: refused.join(' ') } };
    }
    const received = queued === 1 ? '1 photo received' : `${queued} photos received`;
    return { done: `${received}: processing, they join the album when ready.`, notTaken: refused };
  },
};

export const stepPhoto: AdminWrite = {
  action: 'photos.edit',
  messages: { done: null, failed: ADMIN_MESSAGES.photoChange.failed },
  async run(form, services, admin) {
    const direction = formText(form, 'direction') === 'earlier' ? 'earlier' : 'later';
    await services.albums.step(admin, formText(form, 'id'), direction);
    return undefined;
  },
};

/** The album's whole order as dragged on its page: every photo of the album once (else refused, nothing moves). */
export const orderPhotos: AdminWrite = {
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.photosOrder,
  async run(form, services, admin) {
    const ids = AlbumOrderSchema.safeParse(form.getAll('ids').filter((v) => typeof v === 'string'));
    if (!ids.success) return { fieldErrors: { ids: ids.error.issues[0]?.message ?? 'Choose at least one photo.' } };
    await services.albums.reorder(admin, formText(form, 'albumId'), ids.data);
    return undefined;
  },
};

export const orderByCaptureDate: AdminWrite = {
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.photosOrder,
  run: async (form, services, admin) =>
    services.albums.orderByCaptureDate(admin, formText(form, 'albumId')).then(() => undefined),
};

export const setCover: AdminWrite = {
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.photoChange,
  run: async (form, services, admin) =>
    services.albums.setCover(admin, formText(form, 'albumId'), formText(form, 'id')).then(() => undefined),
};

export const setFeatured: AdminWrite = {
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.photoChange,
  run: async (form, services, admin) =>
    services.albums
      .setFeatured(admin, formText(form, 'id'), formText(form, 'featured') === 'true')
      .then(() => undefined),
};

export const setPhotoText: AdminWrite = {
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.photoChange,
  async run(form, services, admin) {
    const text = {
      captionEn: formText(form, 'captionEn'),
      captionNe: formText(form, 'captionNe'),
      altEn: formText(form, 'altEn'),
      altNe: formText(form, 'altNe'),
    };
    const fieldErrors = fieldErrorsOf(PhotoTextSchema, text);
    if (fieldErrors) return { fieldErrors };
    await services.albums.setText(admin, formText(form, 'id'), PhotoTextSchema.parse(text));
    return undefined;
  },
};

/** The ticked photos of the album page: deleted (only with 'Delete for good' ticked), or moved to the album chosen. */
export const bulkPhotos: AdminWrite = {
  action: 'photos.edit',
  messages: ADMIN_MESSAGES.photosDelete,
  async run(form, services, admin) {
    const ids = PhotoIdsSchema.safeParse(form.getAll('ids').filter((v) => typeof v === 'string'));
    if (!ids.success) return { fieldErrors: { ids: ids.error.issues[0]?.message ?? 'Choose at least one photo.' } };
    if (formText(form, 'bulk') === 'move') {
      await services.albums.move(admin, ids.data, formText(form, 'toAlbum'));
      return { done: ADMIN_MESSAGES.photosMove.done! };
    }
    if (formText(form, CONFIRM_DELETE_FIELD) !== 'yes') {
      return {
        fieldErrors: {
          ids: 'Tick ‘Delete for good’ to delete the selected photos: deleted photos leave the site and cannot be brought back.',
        },
      };
    }
    await services.images.removeMany(admin, ids.data);
    return undefined;
  },
};
