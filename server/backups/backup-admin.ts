import type { BackupRun } from '#common/backups.ts';
import { audit } from '#server/audit/audit.ts';
import type { Actor } from '#server/auth/actor.ts';
import type { Db } from '#server/db/db.ts';
import type { Clock } from '#server/clock.ts';
import type { BackupService } from './backup.service.ts';

interface Deps {
  db: Db;
  clock: Clock;
  backups: BackupService;
}

/** What owners do with backups, audited: the API routes and the admin page call the same two. */
export const createBackupAdmin = (deps: Deps) => ({
  backUpNow: (actor: Actor) => backUpNow(deps, actor),
  backupForDownload: (actor: Actor, name: string) => backupForDownload(deps, actor, name),
});

/** A backup made now by an owner (the same backup as the scheduled one, checked), and its audit entry. */
async function backUpNow({ db, clock, backups }: Deps, actor: Actor): Promise<BackupRun> {
  const run = await backups.runBackup(actor, 'manual');
  const subject = run.ok ? run.file! : `not made: ${run.error ?? 'no reason recorded'}`;
  await audit(db, actor, { kind: 'backup-made', subject }, clock.now());
  return run;
}

/**
 * The path of a backup an owner downloads, after its audit entry: the archive holds every applicant's
 * documents and the staff's password hashes. Undefined for a name that is no backup in the folder.
 */
async function backupForDownload({ db, clock, backups }: Deps, actor: Actor, name: string) {
  const file = await backups.archivePath(actor, name);
  if (file) await audit(db, actor, { kind: 'backup-downloaded', subject: name }, clock.now());
  return file;
}
