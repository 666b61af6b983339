import { Link, useActionData } from 'react-router';
import { ImageGrid } from '#app/components/admin/image-grid.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import type { AdminPageHandle } from '#app/lib/admin/admin-handle.ts';
import { loadFolder } from '#app/lib/admin/admin-images.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { deleteImage } from '#app/lib/admin/admin-writes.server.ts';
import type { Route } from './+types/gallery';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Gallery', matches);
export const handle = { imageList: true } satisfies AdminPageHandle;

export const loader = ({ context }: Route.LoaderArgs) => loadFolder(context, 'gallery');

export const action = (args: Route.ActionArgs) => adminAction(args, { delete: deleteImage });

export default function AdminGallery({ loaderData }: Route.ComponentProps) {
  const { images } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="gallery-title">
      <header className="admin-page__header">
        <div>
          <h1 id="gallery-title">Gallery</h1>
          <p className="admin-page__lead">
            Photos shown on the public gallery page, newest first. {images.length}{' '}
            {images.length === 1 ? 'photo' : 'photos'}.
          </p>
        </div>
        <Link className="button button--primary" to="/admin/addnewphoto">
          Add photo
        </Link>
      </header>
      <WriteStatus result={useActionData<typeof action>()} />
      <ImageGrid images={images} noun="Gallery photo" emptyText="The gallery is empty. Add the first photo." />
    </section>
  );
}
