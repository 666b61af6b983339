import { useActionData } from 'react-router';
import { PROSPECTUS_URL } from '#common/site-content/downloads.ts';
import { ProspectusChoice } from '#app/components/admin/prospectus-choice.tsx';
import { ProspectusUploadForm } from '#app/components/admin/prospectus-upload-form.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { CONTENT_WRITES } from '#app/lib/admin/admin-content-writes.server.ts';
import { formatDateTime } from '#app/lib/admin/admin-format.ts';
import { formatFileSize } from '#common/bytes.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import type { Route } from './+types/downloads';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Downloads', matches);

export async function loader({ context }: Route.LoaderArgs) {
  await requirePermission(context, 'content.edit');
  return { downloads: await context.services.content.get('downloads') };
}

export const action = (args: Route.ActionArgs) => adminAction(args, CONTENT_WRITES.downloads);

export default function DownloadsPage({ loaderData }: Route.ComponentProps) {
  const { prospectus } = loaderData.downloads;
  const pageResult = useActionData<typeof action>();
  return (
    <section className="admin-page" aria-labelledby="downloads-title">
      <header className="admin-page__header">
        <div>
          <h1 id="downloads-title">Downloads</h1>
          <p className="admin-page__lead">The prospectus that the navigation’s Prospectus link opens.</p>
        </div>
      </header>
      <WriteStatus result={pageResult} />
      <section className="admin-panel content-item" aria-labelledby="prospectus-title">
        <h2 id="prospectus-title" className="content-item__title">
          Prospectus
        </h2>
        {prospectus ? (
          <dl className="content-facts">
            <dt>Current file</dt>
            <dd>
              {prospectus.isDefault
                ? 'The placeholder the site ships with'
                : `Uploaded ${prospectus.uploadedAt ? formatDateTime(prospectus.uploadedAt) : ''}`}
            </dd>
            <dt>Size</dt>
            <dd>
              {formatFileSize(prospectus.bytes)}
              {prospectus.pages ? `, ${prospectus.pages} ${prospectus.pages === 1 ? 'page' : 'pages'}` : ''}
            </dd>
            <dt>Address</dt>
            <dd>
              <a href={PROSPECTUS_URL} target="_blank" rel="noopener">
                {PROSPECTUS_URL}
              </a>{' '}
              (opens in a new tab)
            </dd>
          </dl>
        ) : (
          <p>There is no prospectus: the navigation hides its link until one is uploaded.</p>
        )}
        <ProspectusChoice prospectus={prospectus} />
        <ProspectusUploadForm pageResult={pageResult} />
      </section>
    </section>
  );
}
