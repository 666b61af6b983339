import { z } from 'zod';

export const MANIFEST_FORMAT = 'orbit-college-backup/1';

/** manifest.json at the root of a backup archive: what restore checks the archive against. */
export const BackupManifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  createdAt: z.string(),
  /** Migrations applied to the copied database. */
  migrations: z.array(z.string()),
  /** Rows in each table of the copied database. */
  tables: z.record(z.string(), z.number().int().min(0)),
  /** Files under uploads/. */
  files: z.number().int().min(0),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;
