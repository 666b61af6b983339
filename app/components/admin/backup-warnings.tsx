import { Link } from 'react-router';

/**
 * The banner on every admin page for owners while the backups need attention: a backup too old or
 * failed, a failed restore drill, a nearly full disk. Each warning is a sentence of the server's.
 */
export function BackupWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section className="backup-warnings" aria-label="Backups need attention">
      <p className="backup-warnings__title">Backups need attention</p>
      <ul className="backup-warnings__list">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
      <Link to="/admin/backups" className="backup-warnings__link">
        Open Backups
      </Link>
    </section>
  );
}
