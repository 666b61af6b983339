import { useEffect } from 'react';
import { Form, Link, data, useActionData, useRevalidator } from 'react-router';
import { refusalOf } from '#common/api-error.ts';
import { APPLICATION_FILE_LIMITS } from '#common/admission/application.ts';
import type { UnreadyPhoto } from '#common/gallery.ts';
import type { Image } from '#common/image.ts';
import { AlbumFields } from '#app/components/admin/album-fields.tsx';
import { BulkPhotoUpload } from '#app/components/admin/bulk-photo-upload.tsx';
import { CONFIRM_DELETE_FIELD, PhotoBulkDelete } from '#app/components/admin/photo-bulk-delete.tsx';
import { ImageUploadForm } from '#app/components/admin/image-upload-form.tsx';
import { useAdminWrite } from '#app/components/admin/use-admin-write.tsx';
import { useDragOrder } from '#app/components/admin/use-drag-order.ts';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { ResponsivePicture } from '#app/components/responsive-picture.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import {
  bulkPhotos,
  orderByCaptureDate,
  orderPhotos,
  setCover,
  setFeatured,
  setPhotoText,
  stepPhoto,
  updateAlbum,
  uploadManyToAlbum,
  uploadToAlbum,
} from '#app/lib/admin/admin-album-writes.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { useHydrated } from '#app/lib/admin/admin-hydrated.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { ADMIN_MESSAGES } from '#app/lib/admin/admin-messages.ts';
import { bsYearsAround } from '#app/lib/bs-date-input.ts';
import type { Route } from './+types/album';

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(loaderData?.album.titleEn ?? 'Album', matches);

export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'photos.edit');
  const found = await context.services.albums.byId(actor, params.id).catch((err: unknown) => {
    // Deleted in another tab, or never there: the page says so, with a 404.
    if (refusalOf(err)?.status === 404) throw data('This album does not exist.', { status: 404 });
    throw err;
  });
  return {
    ...found,
    others: (await context.services.albums.listAll(actor)).filter((a) => a.id !== params.id),
    years: bsYearsAround(context.services.clock.now(), 10, 1),
    maxUploadBytes: context.services.images.limits.maxBytes,
    // A page's multipart post carries at least an application's files (server/pages/form-body.ts).
    maxPostBytes: Math.max(context.services.images.limits.maxBytes, APPLICATION_FILE_LIMITS.postBytes),
  };
}

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    update: updateAlbum,
    upload: uploadToAlbum,
    'upload-many': uploadManyToAlbum,
    step: stepPhoto,
    order: orderPhotos,
    'capture-order': orderByCaptureDate,
    cover: setCover,
    featured: setFeatured,
    text: setPhotoText,
    bulk: bulkPhotos,
  });

/** A small form of one button posting an intent about one photo. */
function PhotoButton({
  intent,
  fields,
  label,
  name,
}: {
  intent: string;
  fields: Record<string, string>;
  label: string;
  name?: string;
}) {
  return (
    <Form method="post" className="photo-card__button">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className="button button--small" aria-label={name}>
        {label}
      </button>
    </Form>
  );
}

function PhotoCard({
  photo,
  index,
  count,
  albumId,
  isCover,
  dragHandle,
  dragging,
}: {
  photo: Image;
  index: number;
  count: number;
  albumId: string;
  isCover: boolean;
  /** The pointer handlers of the drag handle (with JavaScript; the Earlier/Later buttons work without). */
  dragHandle: ReturnType<ReturnType<typeof useDragOrder>['handleProps']> | undefined;
  dragging: boolean;
}) {
  const name = `photo ${index + 1}`;
  return (
    <li className={dragging ? 'photo-card photo-card--dragging' : 'photo-card'} data-order-id={photo.id}>
      {dragHandle ? (
        <span
          className="photo-card__handle"
          role="img"
          aria-label={`Drag to move ${name}; the Earlier and Later buttons do the same`}
          title="Drag to reorder"
          {...dragHandle}
        >
          ⠿ Drag
        </span>
      ) : null}
      <label className="photo-card__pick">
        <input type="checkbox" name="ids" value={photo.id} form="bulk-form" /> Select {name}
      </label>
      <ResponsivePicture
        image={photo}
        alt={photo.alt.en || `Photo ${index + 1} of ${count}`}
        sizes="16rem"
        imgClassName="image-card__img"
      />
      <p className="photo-card__state">
        {isCover ? 'Cover' : null} {photo.folder === 'featured' ? 'Featured' : null}
      </p>
      <div className="photo-card__buttons">
        {index > 0 ? (
          <PhotoButton
            intent="step"
            fields={{ id: photo.id, direction: 'earlier' }}
            label="Earlier"
            name={`Move ${name} earlier`}
          />
        ) : null}
        {index < count - 1 ? (
          <PhotoButton
            intent="step"
            fields={{ id: photo.id, direction: 'later' }}
            label="Later"
            name={`Move ${name} later`}
          />
        ) : null}
        {isCover ? null : (
          <PhotoButton
            intent="cover"
            fields={{ id: photo.id, albumId }}
            label="Make cover"
            name={`Make ${name} the cover`}
          />
        )}
        <PhotoButton
          intent="featured"
          fields={{ id: photo.id, featured: String(photo.folder !== 'featured') }}
          label={photo.folder === 'featured' ? 'Unfeature' : 'Feature'}
          name={`${photo.folder === 'featured' ? 'Stop featuring' : 'Feature'} ${name}`}
        />
      </div>
      <details className="photo-card__words">
        <summary>Caption and alt text</summary>
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="text" />
          <input type="hidden" name="id" value={photo.id} />
          {(
            [
              ['captionEn', 'Caption (English)', photo.caption.en],
              ['captionNe', 'Caption (Nepali)', photo.caption.ne],
              ['altEn', 'Alt text (English): what the photo shows', photo.alt.en || photo.caption.en],
              ['altNe', 'Alt text (Nepali)', photo.alt.ne || photo.caption.ne],
            ] as const
          ).map(([field, label, value]) => (
            <label key={field} className="field">
              <span className="field__label">{label}</span>
              <input className="field__input" name={field} defaultValue={value} maxLength={300} />
            </label>
          ))}
          <button type="submit" className="button button--small">
            Save words of {name}
          </button>
        </Form>
      </details>
    </li>
  );
}

/**
 * Uploads the server has not made ready yet: each still processing (in the background, whether or not this page
 * stays open) or failed, with the reason and a delete. With JavaScript the list is read again while any is
 * processing; without it, a reload shows where they stand.
 */
function UnreadyPhotos({ unready }: { unready: UnreadyPhoto[] }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const processing = unready.some((p) => p.state === 'processing');
  useEffect(() => {
    if (!hydrated || !processing) return;
    const timer = setInterval(() => void revalidator.revalidate(), UNREADY_POLL_MS);
    return () => clearInterval(timer);
  }, [hydrated, processing]); // eslint-disable-line react-hooks/exhaustive-deps
  if (unready.length === 0) return null;
  const waiting = unready.filter((p) => p.state === 'processing').length;
  return (
    <div className="admin-panel">
      <h2 className="album-heading">Uploads not shown yet</h2>
      <p className="album-order__note">
        {waiting > 0
          ? `${waiting} ${waiting === 1 ? 'photo is' : 'photos are'} being processed on the server, one after another; ` +
            'they join the end of the album when ready. You may leave this page meanwhile.'
          : 'These photos could not be added. Delete them, then send the files again.'}
      </p>
      <ul className="unready-list" aria-label="Uploads not shown yet">
        {unready.map((photo, index) => (
          <li key={photo.id} className={`unready-list__row unready-list__row--${photo.state}`}>
            <span className="unready-list__name">Upload {index + 1}</span>
            <span role="status">
              {photo.state === 'processing' ? 'Processing on the server' : `Failed: ${photo.failure}`}
            </span>
            {photo.state === 'failed' ? (
              <PhotoButton
                intent="bulk"
                // A failed upload was never shown: deleting it takes nothing from the site.
                fields={{ bulk: 'delete', ids: photo.id, [CONFIRM_DELETE_FIELD]: 'yes' }}
                label="Delete"
                name={`Delete upload ${index + 1}`}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How often the page reads the album again while uploads are processing. */
const UNREADY_POLL_MS = 3000;

export default function AdminAlbum({ loaderData }: Route.ComponentProps) {
  const { album, photos, unready, others, years, maxUploadBytes, maxPostBytes } = loaderData;
  const result = useActionData<typeof action>();
  const refused = result && !result.ok ? result : undefined;
  const hydrated = useHydrated();
  // A refused order (the album changed meanwhile) shows the stored one again, with the refusal's toast.
  const ordering = useAdminWrite({ onRefused: () => drag.reset() });
  const drag = useDragOrder(
    photos.map((p) => p.id),
    (ids) => {
      const form = new FormData();
      form.set('intent', 'order');
      form.set('albumId', album.id);
      for (const id of ids) form.append('ids', id);
      void ordering.fetcher.submit(form, { method: 'post' });
    },
  );
  const byId = new Map(photos.map((p) => [p.id, p]));
  const shown = drag.order.flatMap((id) => byId.get(id) ?? []);
  return (
    <section className="admin-page" aria-labelledby="album-title">
      <header className="admin-page__header">
        <div>
          <h1 id="album-title">{album.titleEn}</h1>
          <p className="admin-page__lead">
            {photos.length} {photos.length === 1 ? 'photo' : 'photos'} ·{' '}
            <a href={`/gallery/${album.slug}`}>/gallery/{album.slug}</a>
          </p>
        </div>
        <Link className="button" to="/admin/albums">
          All albums
        </Link>
      </header>
      <WriteStatus result={result} />

      <div className="admin-panel">
        <h2 className="album-heading">Add photos</h2>
        <ImageUploadForm
          apiPath={`/api/admin/albums/${album.id}/photos`}
          maxUploadBytes={maxUploadBytes}
          label="Album photo"
          pageResult={result}
          messages={ADMIN_MESSAGES.albumPhotoQueued}
          extraFields={() => <input type="hidden" name="albumId" value={album.id} />}
        />
        <BulkPhotoUpload
          apiPath={`/api/admin/albums/${album.id}/photos`}
          albumId={album.id}
          maxUploadBytes={maxUploadBytes}
          maxPostBytes={maxPostBytes}
          error={result && !result.ok ? result.fieldErrors?.files : undefined}
        />
      </div>
      <UnreadyPhotos unready={unready} />

      {photos.length === 0 ? (
        <p className="admin-empty">No photos yet.</p>
      ) : (
        <>
          <Form method="post" className="album-order">
            <input type="hidden" name="intent" value="capture-order" />
            <input type="hidden" name="albumId" value={album.id} />
            <button type="submit" className="button button--small">
              Order by capture date
            </button>
            <span className="album-order__note">
              Earliest first, from the date each camera recorded; photos without one go last.
            </span>
          </Form>
          <ul className="photo-list" aria-label="Photos of the album">
            {shown.map((photo, index) => (
              <PhotoCard
                key={photo.id}
                photo={photo}
                index={index}
                count={shown.length}
                albumId={album.id}
                isCover={album.cover?.id === photo.id}
                dragHandle={hydrated && shown.length > 1 ? drag.handleProps(photo.id) : undefined}
                dragging={drag.dragging === photo.id}
              />
            ))}
          </ul>
          <Form method="post" id="bulk-form" className="admin-panel bulk-form">
            <input type="hidden" name="intent" value="bulk" />
            <p>With the selected photos:</p>
            {refused?.fieldErrors?.ids ? <p className="field__error">{refused.fieldErrors.ids}</p> : null}
            {others.length > 0 ? (
              <label className="field">
                <span className="field__label">Move to</span>
                <select className="field__input" name="toAlbum">
                  {others.map((other) => (
                    <option key={other.id} value={other.id}>
                      {other.titleEn}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {others.length > 0 ? (
              <button type="submit" name="bulk" value="move" className="button">
                Move selected
              </button>
            ) : null}
            <PhotoBulkDelete />
          </Form>
        </>
      )}

      <div className="admin-panel">
        <h2 className="album-heading">Album details</h2>
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="albumId" value={album.id} />
          <AlbumFields album={album} years={years} values={refused?.values} errors={refused?.fieldErrors} />
          <button type="submit" className="button button--primary">
            Save album
          </button>
        </Form>
        {photos.length === 0 && unready.length === 0 ? (
          // Posted to the albums page, which stays when this one is gone. Photos still processing or failed
          // count too (the server refuses to delete an album holding any): they are deleted first, above.
          <Form method="post" action="/admin/albums">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={album.id} />
            <button type="submit" className="button button--danger">
              Delete this empty album
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
