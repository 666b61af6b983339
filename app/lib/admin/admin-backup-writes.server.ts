import type { AdminWrite } from './admin-action.server.ts';
import { formatBytes } from '../backup-format.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';

/** The writes of the backups page (/admin/backups), by the form's intent. */
export const BACKUP_WRITES = {
  /** The same backup as the scheduled one, checked; its result (or why none was made) shown on the page. */
  backUpNow: {
    action: 'backups.manage',
    messages: ADMIN_MESSAGES.backUpNow,
    async run(_form, services, admin) {
      const run = await services.backupAdmin.backUpNow(admin);
      if (!run.ok)
        return { fieldErrors: {}, refusal: { code: 'backup/failed', message: run.error ?? 'No reason was recorded.' } };
      return {
        done: `Backup made and checked: ${run.file} (${formatBytes(run.bytes ?? 0)}, ${run.rows} rows, ${run.files} files).`,
      };
    },
  },
  /** Every file refused application forms keep, deleted now (audited); those forms ask for their files again. */
  clearKeptFiles: {
    action: 'backups.manage',
    messages: { done: 'Kept files deleted.', failed: 'The kept files could not be deleted.' },
    async run(_form, services, admin) {
      const cleared = await services.keptFiles.clear(admin);
      return { done: `Deleted ${cleared.files} kept files (${formatBytes(cleared.bytes)}).` };
    },
  },
} satisfies Record<string, AdminWrite>;
