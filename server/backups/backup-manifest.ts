import { z } from 'zod';

export const MANIFEST_FORMAT = 'orbit-college-backup/1';

/** One object of the uploads bucket as a PostgreSQL + S3 backup lists it (uploads.json). */
export const ListedObjectSchema = z.object({
  key: z.string().min(1),
  bytes: z.number().int().min(0),
  /** The bucket's own checksum of the object (for a single-part upload, the MD5 of its bytes). */
  etag: z.string(),
  /** The SHA-256 of the bytes, when the object itself was copied into the archive. */
  sha256: z.string().optional(),
});
export type ListedObject = z.infer<typeof ListedObjectSchema>;
export const ListedObjectsSchema = z.array(ListedObjectSchema);

/** manifest.json at the root of a backup archive: what restore checks the archive against. */
export const BackupManifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  /**
   * embedded: orbit.sqlite and the uploads folder. postgresql: database.dump (pg_dump's custom format)
   * and the uploads, either as files under uploads/ or, for a bucket not copied, only listed in uploads.json.
   * Archives made before PostgreSQL backups existed have no kind: they are embedded ones.
   */
  kind: z.enum(['embedded', 'postgresql']).default('embedded'),
  /** files: the uploads are in the archive under uploads/. listing: only their list (uploads.json). */
  uploads: z.enum(['files', 'listing']).default('files'),
  createdAt: z.string(),
  /** Migrations applied to the copied database. */
  migrations: z.array(z.string()),
  /** Rows in each table of the copied database. */
  tables: z.record(z.string(), z.number().int().min(0)),
  /** Files under uploads/ (or objects listed in uploads.json). */
  files: z.number().int().min(0),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;
