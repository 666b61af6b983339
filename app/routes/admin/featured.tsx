import { FEATURED_MAX } from '#common/limits.ts';
import { ImageGrid } from '#app/components/admin/image-grid.tsx';
import { ImageUploadForm } from '#app/components/admin/image-upload-form.tsx';
import { ListLoadFailed } from '#app/components/admin/list-load-failed.tsx';
import { requireAdmin } from '#app/lib/admin-guard.server.ts';
import { loadFolder } from '#app/lib/admin-images.server.ts';
import { adminMeta } from '#app/lib/admin-meta.ts';
import '#app/styles/admin-content.css';
import type { Route } from './+types/featured';

export const meta: Route.MetaFunction = () => adminMeta('Featured photos');

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return loadFolder(context, 'featured');
}

export default function AdminFeatured({ loaderData }: Route.ComponentProps) {
  const { images, maxUploadBytes } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="featured-title">
      <header className="admin-page__header">
        <div>
          <h1 id="featured-title">Featured photos</h1>
          <p className="admin-page__lead">
            The {FEATURED_MAX} photos of the home page’s “Why choose us” section.
            {images ? ` ${images.length} of ${FEATURED_MAX} in use.` : null}
          </p>
        </div>
      </header>
      {images === null ? (
        <ListLoadFailed />
      ) : (
        <>
          {/* The upload area exists only while there is room (SPEC.md section 5); the server refuses a 4th anyway. */}
          {images.length < FEATURED_MAX ? (
            <div className="admin-panel">
              <ImageUploadForm folder="featured" maxUploadBytes={maxUploadBytes} label="Featured photo" />
            </div>
          ) : (
            <p className="admin-note">
              All {FEATURED_MAX} places are taken. Delete a featured photo to upload another.
            </p>
          )}
          <ImageGrid images={images} noun="Featured photo" emptyText="No featured photos yet." />
        </>
      )}
    </section>
  );
}
