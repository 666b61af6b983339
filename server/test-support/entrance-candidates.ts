import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/db.ts';

export interface CandidateSeat {
  applicationId: string;
  rollNumber: number;
  /** Marks in hundredths; null with `absent` for one who did not sit. */
  marksHundredths: number | null;
  absent?: boolean;
}

/**
 * An entrance session of the season and a seat in it for each application given, with its roll number and
 * marks, written straight through Kysely: results tests need candidates, not the way they were made.
 */
export async function seatCandidates(db: Db, seasonId: string, seats: readonly CandidateSeat[]): Promise<string> {
  const sessionId = randomUUID();
  const at = '2027-06-20T04:00:00.000Z';
  await db
    .insertInto('entrance_sessions')
    .values({
      id: sessionId,
      season_id: seasonId,
      starts_at: '2027-06-25T04:15:00.000Z',
      minutes: 90,
      place_en: 'Hall A',
      place_ne: 'हल ए',
      capacity: Math.max(1, seats.length),
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (const s of seats) {
    await db
      .insertInto('entrance_candidates')
      .values({
        application_id: s.applicationId,
        season_id: seasonId,
        session_id: sessionId,
        roll_number: s.rollNumber,
        card_code: randomUUID().replace(/-/gu, ''),
        card_opened_at: null,
        marks_hundredths: s.marksHundredths,
        absent: s.absent ? 1 : 0,
        marks_updated_at: s.marksHundredths === null ? null : at,
        created_at: at,
      })
      .execute();
  }
  return sessionId;
}
