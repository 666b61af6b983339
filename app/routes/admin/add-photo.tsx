import { Link } from 'react-router';
import { ImageUploadForm } from '#app/components/admin/image-upload-form.tsx';
import { requireAdmin } from '#app/lib/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin-meta.ts';
import '#app/styles/admin-content.css';
import type { Route } from './+types/add-photo';

export const meta: Route.MetaFunction = () => adminMeta('Add photo');

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return { maxUploadBytes: context.services.images.limits.maxBytes };
}

export default function AddPhoto({ loaderData }: Route.ComponentProps) {
  return (
    <section className="admin-page" aria-labelledby="add-photo-title">
      <header className="admin-page__header">
        <div>
          <h1 id="add-photo-title">Add photo</h1>
          <p className="admin-page__lead">Upload a photo to the public gallery.</p>
        </div>
        <Link className="button" to="/admin/gallery">
          View gallery
        </Link>
      </header>
      <div className="admin-panel">
        <ImageUploadForm folder="gallery" maxUploadBytes={loaderData.maxUploadBytes} label="Gallery photo" />
      </div>
    </section>
  );
}
