/** What the server tells the owner (the backups page, the admin banner, /api/health) about its backups. */

export type BackupReason = 'scheduled' | 'manual' | 'pre-upgrade';

/** One backup attempt, as recorded when it ended. */
export interface BackupRun {
  reason: BackupReason;
  startedAt: string;
  finishedAt: string;
  ok: boolean;
  /** The archive's file name in the backup folder (a good backup only). */
  file?: string;
  bytes?: number;
  sha256?: string;
  /** Rows in every table, and files, of the copied install. */
  rows?: number;
  files?: number;
  /** Why it failed, in words the office can act on. */
  error?: string;
  /** The copy to the off-site bucket, when one is set (BACKUP_S3_BUCKET). */
  offsite?: OffsiteCopy;
}

export interface OffsiteCopy {
  at: string;
  ok: boolean;
  /** Uploads tried, the first included. */
  tries: number;
  error?: string;
}

/** One restore drill: the newest backup unpacked into a scratch folder and compared with its manifest. */
export interface DrillRun {
  at: string;
  file: string;
  ok: boolean;
  rows?: number;
  files?: number;
  error?: string;
}

export interface BackupListing {
  name: string;
  createdAt: string;
  bytes: number;
  /** The check made after writing: passed (recorded), or unknown (made by an older release or by hand). */
  checked: boolean;
  sha256?: string;
  /** Why the retention rule keeps it. */
  keptAs: ('daily' | 'weekly' | 'monthly')[];
}

/** What takes room on the disk of the site's data, in bytes: the owner sees what to clear. */
export interface DiskUsage {
  /** The SQLite file with its write-ahead log (0 on PostgreSQL). */
  databaseBytes: number;
  /** The uploads folder (0 when the uploads are in a bucket). */
  uploadsBytes: number;
  /** The archives in the backup folder. */
  backupsBytes: number;
  /** The reserve released when the disk fills (BALLAST_MB). */
  reserveBytes: number;
}

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

export interface BackupStatus {
  /** Scheduled backups run in this server (the embedded install). */
  scheduled: boolean;
  folder: string;
  /** The time of day in Nepal the scheduled backup starts, HH:MM. */
  time: string;
  nextAt: string | null;
  backups: BackupListing[];
  lastGood: BackupRun | null;
  lastRun: BackupRun | null;
  lastDrill: DrillRun | null;
  /** The off-site bucket, when one is set, and when a backup was last copied there. */
  offsite: { bucket: string; lastCopyAt: string | null } | null;
  /** Free space on the disk of the site's data. */
  disk: DiskSpace;
  /** Empty when all is well. */
  warnings: BackupWarning[];
}

export const BACKUP_WARNING_CODES = [
  'backup-stale',
  'backup-failed',
  'offsite-failed',
  'drill-failed',
  'disk-low',
  'database-damaged',
] as const;
export type BackupWarningCode = (typeof BACKUP_WARNING_CODES)[number];

/** What is wrong, as a code for a monitor (/api/health) and a plain sentence for the owner. */
export interface BackupWarning {
  code: BackupWarningCode;
  message: string;
}

/** A backup older than this is a warning. */
export const BACKUP_STALE_HOURS = 48;
/** Less free disk than either of these is a warning. */
export const DISK_LOW_FRACTION = 0.1;
export const DISK_LOW_BYTES = 1024 ** 3;

/** An archive's name in the backup folder: `orbit-backup-2026-11-26T02-30-00-000Z.tar.gz`. */
export const BACKUP_NAME = /^orbit-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/u;

export const backupName = (at: Date): string => `orbit-backup-${at.toISOString().replace(/[:.]/gu, '-')}.tar.gz`;

/** When the backup named `name` was made, or undefined for a name not of that form. */
export function backupTime(name: string): Date | undefined {
  const m = BACKUP_NAME.exec(name);
  if (!m) return undefined;
  const at = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
