/**
 * Which release this server runs: `npm run upgrade` writes release.json (the commit it checked out) into
 * each release folder it builds, and /api/health answers it, so the upgrade (and a person) can tell the
 * new code answers. An install made otherwise (a plain clone) has no such file: null.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const RELEASE_FILE = 'release.json';

export const ReleaseInfoSchema = z.object({
  commit: z.string().regex(/^[0-9a-f]{40}$/u),
  /** What was asked for: a tag, a branch or a commit. */
  ref: z.string(),
  builtAt: z.string(),
});
export type ReleaseInfo = z.infer<typeof ReleaseInfoSchema>;

/** The release.json of `appDir`, or null when there is none; a file that is not one is an error. */
export function readRelease(appDir: string): ReleaseInfo | null {
  const file = path.join(appDir, RELEASE_FILE);
  if (!fs.existsSync(file)) return null;
  const parsed = ReleaseInfoSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a release file: ${parsed.error.message}`);
  return parsed.data;
}
