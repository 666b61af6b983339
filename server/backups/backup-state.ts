/**
 * The record of backups and drills, a small JSON file in the backup folder beside the archives it
 * describes (so it moves with them, and a fresh folder starts a fresh record). Written under a temporary
 * name and renamed, so it is never read half-written.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { BackupRun, DrillRun } from '#common/backups.ts';

export const STATE_FILE = 'backup-state.json';
/** Runs and drills kept in the record: enough for the page and for a person reading the file. */
const KEEP_RUNS = 60;
const KEEP_DRILLS = 20;

/** One backup's record, as the state file keeps it and the owners' API answers it. */
export const RunSchema = z.object({
  reason: z.enum(['scheduled', 'manual', 'pre-upgrade']),
  startedAt: z.string(),
  finishedAt: z.string(),
  ok: z.boolean(),
  file: z.string().optional(),
  bytes: z.number().optional(),
  sha256: z.string().optional(),
  rows: z.number().optional(),
  files: z.number().optional(),
  error: z.string().optional(),
  offsite: z.object({ at: z.string(), ok: z.boolean(), tries: z.number(), error: z.string().optional() }).optional(),
});
/** One restore drill's record. */
export const DrillSchema = z.object({
  at: z.string(),
  file: z.string(),
  ok: z.boolean(),
  rows: z.number().optional(),
  files: z.number().optional(),
  error: z.string().optional(),
});
const StateSchema = z.object({
  /** When this folder's record began: a site with no backup at all is warned about 48 hours after. */
  since: z.string(),
  runs: z.array(RunSchema),
  drills: z.array(DrillSchema),
});
export type BackupState = z.infer<typeof StateSchema>;

/** The record in `dir`; a fresh one (starting `now`) when there is none. A damaged record is an error. */
export async function readState(dir: string, now: Date): Promise<BackupState> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, STATE_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { since: now.toISOString(), runs: [], drills: [] };
    throw err;
  }
  const parsed = StateSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${path.join(dir, STATE_FILE)} is not a backup record: ${parsed.error.message}`);
  return parsed.data;
}

export async function writeState(dir: string, state: BackupState): Promise<void> {
  const trimmed: BackupState = {
    since: state.since,
    runs: state.runs.slice(-KEEP_RUNS),
    drills: state.drills.slice(-KEEP_DRILLS),
  };
  const file = path.join(dir, STATE_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temp, `${JSON.stringify(trimmed, null, 2)}\n`);
  await fs.rename(temp, file);
}

export const recordRun = (state: BackupState, run: BackupRun): BackupState => ({
  ...state,
  runs: [...state.runs, run],
});

/** The run of `file` given its off-site copy's result. */
export const recordOffsite = (
  state: BackupState,
  file: string,
  offsite: NonNullable<BackupRun['offsite']>,
): BackupState => ({
  ...state,
  runs: state.runs.map((run) => (run.file === file ? { ...run, offsite } : run)),
});

export const recordDrill = (state: BackupState, drill: DrillRun): BackupState => ({
  ...state,
  drills: [...state.drills, drill],
});
