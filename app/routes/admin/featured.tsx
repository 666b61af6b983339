import { useActionData } from 'react-router';
import { FEATURED_MAX } from '#common/limits.ts';
import { ImageGrid } from '#app/components/admin/image-grid.tsx';
import { ImageUploadForm } from '#app/components/admin/image-upload-form.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import type { AdminPageHandle } from '#app/lib/admin/admin-handle.ts';
import { loadFolder } from '#app/lib/admin/admin-images.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { deleteImage, uploadImage } from '#app/lib/admin/admin-writes.server.ts';
import type { Route } from './+types/featured';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Featured photos', matches);
export const handle = { imageList: true } satisfies AdminPageHandle;

export const loader = ({ context }: Route.LoaderArgs) => loadFolder(context, 'featured');

export const action = (args: Route.ActionArgs) =>
  adminAction(args, { upload: uploadImage('featured'), delete: deleteImage });

export default function AdminFeatured({ loaderData }: Route.ComponentProps) {
  const { images, maxUploadBytes } = loaderData;
  const pageResult = useActionData<typeof action>();
  return (
    <section className="admin-page" aria-labelledby="featured-title">
      <header className="admin-page__header">
        <div>
          <h1 id="featured-title">Featured photos</h1>
          <p className="admin-page__lead">
            The {FEATURED_MAX} photos of the home page’s “Why choose us” section. {images.length} of {FEATURED_MAX} in
            use.
          </p>
        </div>
      </header>
      <WriteStatus result={pageResult} />
      {/* The upload area exists only while there is room (the specification's rule); the server refuses a 4th anyway. */}
      {images.length < FEATURED_MAX ? (
        <div className="admin-panel">
          <ImageUploadForm
            apiPath="/api/admin/images/featured"
            maxUploadBytes={maxUploadBytes}
            label="Featured photo"
            pageResult={pageResult}
          />
        </div>
      ) : (
        <p className="admin-note">All {FEATURED_MAX} places are taken. Delete a featured photo to upload another.</p>
      )}
      <ImageGrid images={images} noun="Featured photo" emptyText="No featured photos yet." />
    </section>
  );
}
