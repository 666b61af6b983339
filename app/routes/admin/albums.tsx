import { Form, Link, redirect, useActionData } from 'react-router';
import { formatBsStringIn } from '#common/i18n/dates.ts';
import { AlbumFields } from '#app/components/admin/album-fields.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { createAlbum, deleteAlbum } from '#app/lib/admin/admin-album-writes.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { bsYearsAround } from '#app/lib/bs-date-input.ts';
import type { Route } from './+types/albums';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Albums', matches);

export async function loader({ context }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'photos.edit');
  return {
    albums: await context.services.albums.listAll(actor),
    years: bsYearsAround(context.services.clock.now(), 10, 1),
  };
}

/** A new album opens at once, ready for its photos; an album deleted on its own page comes back here. */
export async function action(args: Route.ActionArgs) {
  const result = await adminAction(args, { create: createAlbum, remove: deleteAlbum });
  if (result.data.ok && result.data.created) throw redirect(`/admin/albums/${result.data.created}`);
  return result;
}

export default function AdminAlbums({ loaderData }: Route.ComponentProps) {
  const { albums, years } = loaderData;
  const result = useActionData<typeof action>();
  const refused = result && !result.ok ? result : undefined;
  return (
    <section className="admin-page" aria-labelledby="albums-title">
      <header className="admin-page__header">
        <div>
          <h1 id="albums-title">Albums</h1>
          <p className="admin-page__lead">
            The gallery's events, newest first, as /gallery shows them. {albums.length}{' '}
            {albums.length === 1 ? 'album' : 'albums'}.
          </p>
        </div>
      </header>
      <WriteStatus result={result} />
      {albums.length === 0 ? (
        <p className="admin-empty">No albums yet. Create the first below.</p>
      ) : (
        <ul className="album-list">
          {albums.map((album) => (
            <li key={album.id} className="album-list__item">
              <Link to={`/admin/albums/${album.id}`}>{album.titleEn}</Link>
              <span>
                {[
                  formatBsStringIn('en', album.heldOn),
                  `${album.photoCount} ${album.photoCount === 1 ? 'photo' : 'photos'}`,
                  album.published ? null : 'hidden',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="admin-panel">
        <h2 className="album-heading">New album</h2>
        <Form method="post" className="admin-form">
          <input type="hidden" name="intent" value="create" />
          <AlbumFields years={years} values={refused?.values} errors={refused?.fieldErrors} />
          <button type="submit" className="button button--primary">
            Create album
          </button>
        </Form>
      </div>
    </section>
  );
}
