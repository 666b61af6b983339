import { Link } from 'react-router';
import { ImageGrid } from '#app/components/admin/image-grid.tsx';
import { ListLoadFailed } from '#app/components/admin/list-load-failed.tsx';
import { requireAdmin } from '#app/lib/admin-guard.server.ts';
import { loadFolder } from '#app/lib/admin-images.server.ts';
import { adminMeta } from '#app/lib/admin-meta.ts';
import '#app/styles/admin-content.css';
import type { Route } from './+types/gallery';

export const meta: Route.MetaFunction = () => adminMeta('Gallery');

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return loadFolder(context, 'gallery');
}

export default function AdminGallery({ loaderData }: Route.ComponentProps) {
  const { images } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="gallery-title">
      <header className="admin-page__header">
        <div>
          <h1 id="gallery-title">Gallery</h1>
          <p className="admin-page__lead">
            Photos shown on the public gallery page, newest first.
            {images ? ` ${images.length} ${images.length === 1 ? 'photo' : 'photos'}.` : null}
          </p>
        </div>
        <Link className="button button--primary" to="/admin/addnewphoto">
          Add photo
        </Link>
      </header>
      {images ? (
        <ImageGrid images={images} noun="Gallery photo" emptyText="The gallery is empty. Add the first photo." />
      ) : (
        <ListLoadFailed />
      )}
    </section>
  );
}
