import { toBsDate } from '#common/dates/bs-date.ts';
import { bsDateString } from '#common/dates/bs-date-string.ts';
import { beforeEntranceQuestion } from '#common/admission/entrance.ts';
import type { Db } from '#server/db/db.ts';
import { conflict } from '#server/errors.ts';
import { entranceDateOf } from './entrance.repository.ts';

/**
 * The question asked before marks are saved or results published ahead of the season's entrance date ('The
 * entrance examination is on …, and that day has not come: … anyway?'), or null when the day of `at` (now, or
 * a scheduled publish time) is the entrance date or later, or no date is set.
 */
export async function beforeEntranceOf(db: Db, seasonId: string, at: Date, doing: string): Promise<string | null> {
  return beforeEntranceQuestion((await entranceDateOf(db, seasonId)) ?? '', bsDateString(toBsDate(at)), doing);
}

/** Refuses such a write unless confirmed: 409 with the question. */
export async function askBeforeEntrance(
  db: Db,
  seasonId: string,
  at: Date,
  doing: string,
  confirmed: boolean,
): Promise<void> {
  if (confirmed) return;
  const question = await beforeEntranceOf(db, seasonId, at, doing);
  if (question) throw conflict('entrance/before-exam', question);
}
