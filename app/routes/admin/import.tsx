import { useActionData } from 'react-router';
import { ImportRun } from '#app/components/admin/import-run.tsx';
import { ImportUploadForm } from '#app/components/admin/import-upload-form.tsx';
import { OldAddressList } from '#app/components/admin/old-address-list.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { IMPORT_WRITES } from '#app/lib/admin/admin-import-writes.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import '#app/styles/admin-import.css';
import type { Route } from './+types/import';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Import from WordPress', matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'import.manage');
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const { importRuns } = context.services;
  // A page number past the last (an address kept after deletes) shows the first page.
  const addresses = (await importRuns.oldAddresses(actor, page)) ?? (await importRuns.oldAddresses(actor, 1))!;
  return { run: await importRuns.latest(actor), addresses };
}

export const action = (args: Route.ActionArgs) => adminAction(args, IMPORT_WRITES);

export default function AdminImport({ loaderData }: Route.ComponentProps) {
  const { run, addresses } = loaderData;
  const result = useActionData<typeof action>();
  const running = run?.status === 'running';
  return (
    <section className="admin-page" aria-labelledby="import-title">
      <header className="admin-page__header">
        <div>
          <h1 id="import-title">Import from WordPress</h1>
          <p className="admin-page__lead">
            Brings an old WordPress site&apos;s published posts over as notices, with their PDFs and images, its
            galleries as albums, and keeps the old site&apos;s addresses working. You first see what would be imported;
            nothing is written until you press Import. Importing the same export again adds nothing.
          </p>
        </div>
      </header>
      {/* The answer to a form posted without JavaScript (with it, the same words come as a toast). */}
      <WriteStatus result={result} />
      {run ? <ImportRun run={run} /> : null}
      {running ? null : <ImportUploadForm result={result} />}
      <OldAddressList list={addresses} />
    </section>
  );
}
