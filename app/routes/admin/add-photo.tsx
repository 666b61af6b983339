import { Link, useActionData } from 'react-router';
import { ImageUploadForm } from '#app/components/admin/image-upload-form.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { permissionOrEndedWrite } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { uploadImage } from '#app/lib/admin/admin-writes.server.ts';
import type { Route } from './+types/add-photo';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Add photo', matches);

// The form and the size limit are nothing private: the page shows again after a post refused for an ended session.
export async function loader({ context }: Route.LoaderArgs) {
  await permissionOrEndedWrite(context, 'photos.edit');
  return { maxUploadBytes: context.services.images.limits.maxBytes };
}

export const action = (args: Route.ActionArgs) => adminAction(args, { upload: uploadImage('gallery') });

export default function AddPhoto({ loaderData }: Route.ComponentProps) {
  const pageResult = useActionData<typeof action>();
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
      <WriteStatus result={pageResult} />
      <div className="admin-panel">
        <ImageUploadForm
          apiPath="/api/admin/images/gallery"
          maxUploadBytes={loaderData.maxUploadBytes}
          label="Gallery photo"
          pageResult={pageResult}
        />
      </div>
    </section>
  );
}
