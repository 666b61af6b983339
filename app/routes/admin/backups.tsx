import { Form, useActionData, useNavigation } from 'react-router';
import { DeleteButton } from '#app/components/admin/delete-button.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { BACKUP_WRITES } from '#app/lib/admin/admin-backup-writes.server.ts';
import { formatDateTime } from '#app/lib/admin/admin-format.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { formatBytes, keptAsLabel } from '#app/lib/backup-format.ts';
import '#app/styles/admin-backups.css';
import type { Route } from './+types/backups';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Backups', matches);

export async function loader({ context }: Route.LoaderArgs) {
  const admin = await requirePermission(context, 'backups.manage');
  const [status, usage, kept] = await Promise.all([
    context.services.backups.status(admin),
    context.services.backups.diskUsage(admin),
    context.services.keptFiles.usage(),
  ]);
  return { status, usage, kept };
}

export const action = (args: Route.ActionArgs) => adminAction(args, BACKUP_WRITES);

export default function AdminBackups({ loaderData }: Route.ComponentProps) {
  const { status, usage, kept } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { disk, lastGood, lastDrill } = status;
  const freePercent = Math.round((disk.freeBytes / disk.totalBytes) * 100);
  return (
    <section className="admin-page" aria-labelledby="backups-title">
      <header className="admin-page__header">
        <div>
          <h1 id="backups-title">Backups</h1>
          <p className="admin-page__lead">
            A copy of the database and of every uploaded file (photos, notices&apos; files, applicants&apos; documents),
            {status.scheduled ? ` made every day at ${status.time} Nepal time` : ' made when you ask'} into{' '}
            <code>{status.folder}</code>, checked after it is written, and once a week restored into a scratch folder to
            prove it can be.
          </p>
        </div>
      </header>
      <WriteStatus result={result} />
      <dl className="backup-facts">
        <div>
          <dt>Last good backup</dt>
          <dd>
            {lastGood ? `${formatDateTime(lastGood.finishedAt)} (${formatBytes(lastGood.bytes ?? 0)})` : 'None yet'}
          </dd>
        </div>
        <div>
          <dt>Next backup</dt>
          <dd>{status.nextAt ? formatDateTime(status.nextAt) : 'Not scheduled (BACKUP_SCHEDULE is off)'}</dd>
        </div>
        <div>
          <dt>Last restore drill</dt>
          <dd>
            {lastDrill
              ? `${lastDrill.ok ? 'Passed' : 'Failed'}, ${formatDateTime(lastDrill.at)}${lastDrill.ok ? ` (${lastDrill.rows} rows, ${lastDrill.files} files)` : `: ${lastDrill.error ?? ''}`}`
              : 'None yet (the first follows the first scheduled backup)'}
          </dd>
        </div>
        {status.offsite ? (
          <div>
            <dt>Last off-site copy</dt>
            <dd>
              {status.offsite.lastCopyAt ? formatDateTime(status.offsite.lastCopyAt) : 'None yet'} (bucket{' '}
              {status.offsite.bucket})
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Free disk space</dt>
          <dd>
            {formatBytes(disk.freeBytes)} of {formatBytes(disk.totalBytes)} ({freePercent} %)
          </dd>
        </div>
        <div>
          <dt>What uses it</dt>
          <dd>
            <ul className="backup-usage">
              {/* PostgreSQL and a bucket keep the database and the uploads on other machines. */}
              {usage.databaseBytes > 0 ? <li>Database {formatBytes(usage.databaseBytes)}</li> : null}
              {usage.uploadsBytes > 0 ? <li>Uploaded files {formatBytes(usage.uploadsBytes)}</li> : null}
              <li>Backups {usage.backupsBytes > 0 ? formatBytes(usage.backupsBytes) : 'none'}</li>
              {usage.reserveBytes > 0 ? <li>Reserve for a full disk {formatBytes(usage.reserveBytes)}</li> : null}
            </ul>
          </dd>
        </div>
        <div>
          <dt id="kept-files">Files kept for refused application forms</dt>
          <dd>
            {kept.files === 0
              ? 'None'
              : `${formatBytes(kept.bytes)} in ${kept.files} files, of ${kept.forms} forms from ${kept.addresses} addresses`}
            <p className="backup-now__hint">
              A refused form keeps its accepted files for {kept.keepMinutes} minutes, at most{' '}
              {formatBytes(kept.addressCapBytes)} per address, so a parent does not choose them twice.
            </p>
            {kept.files > 0 ? (
              <DeleteButton
                id="kept"
                intent="clearKeptFiles"
                question="Delete every file kept for refused application forms?"
                describedBy="kept-files"
                consequence={`${kept.files} files (${formatBytes(kept.bytes)}) are deleted now. Nothing of a submitted application is touched, but ${kept.forms} refused forms waiting to be sent again lose their files: those applicants must choose their photo and documents again.`}
              />
            ) : null}
          </dd>
        </div>
      </dl>
      <Form method="post" className="backup-now">
        <input type="hidden" name="intent" value="backUpNow" />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Backing up…' : 'Back up now'}
        </button>
        <p className="backup-now__hint">The same backup as the daily one, checked before it is kept.</p>
      </Form>
      {status.backups.length === 0 ? (
        <p className="backup-empty">No backups in the folder yet.</p>
      ) : (
        <div className="backup-table-wrap">
          <table className="backup-table">
            <caption>Backups in the folder, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Made</th>
                <th scope="col">Size</th>
                <th scope="col">Check</th>
                <th scope="col">Kept as</th>
                <th scope="col">
                  <span className="sr-only">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {status.backups.map((backup) => (
                <tr key={backup.name}>
                  <td data-label="Made">{formatDateTime(backup.createdAt)}</td>
                  <td data-label="Size">{formatBytes(backup.bytes)}</td>
                  <td data-label="Check">{backup.checked ? 'Passed' : 'Not recorded'}</td>
                  <td data-label="Kept as">{keptAsLabel(backup.keptAs)}</td>
                  <td>
                    <a href={`/api/admin/backups/${backup.name}`} download={backup.name}>
                      Download<span className="sr-only"> the backup of {formatDateTime(backup.createdAt)}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
