import type { Db } from '#server/db/db.ts';
import { limitKeyOf } from './client-key.ts';
import { type Pace, takePace } from './rate-limit.repository.ts';

/**
 * How long a person takes at least to fill in each public form. Forms sent sooner (a script that waits out the
 * form's few seconds, or a person in a hurry) are taken from one address at a pace of their own: a few back
 * to back, then one every few minutes. Those refused take nothing of the address's hourly allowance, so the
 * parents who share the address (a school lab, a carrier's NAT) and take their time keep all of it.
 */
export const HASTY_FORM_SECONDS = {
  // Names, a number or an address, a subject and a message: a person types for 20 seconds at least.
  inquiry: 20,
  // About thirty fields and four documents to choose.
  application: 120,
} as const;

/** The hasty forms' pace for an address allowed `maxPerHour` forms an hour: a fifth of it, 3 back to back (60: 12 an hour). */
export const hastyPace = (maxPerHour: number): Pace => ({
  perHour: Math.max(1, Math.floor(maxPerHour / 5)),
  burst: Math.max(3, Math.floor(maxPerHour / 20)),
});

/**
 * For a form issued at `issuedAt` and sent `now` from `clientIp`, an address allowed `maxPerHour` of them: 0 when it may go on (not hasty, or within
 * the hasty pace), or how many milliseconds until a hasty one would be taken. An IPv6 client is paced by its
 * /64 (limitKeyOf): one subscriber's addresses share one pace.
 */
export async function hastyFormWait(
  db: Db,
  form: keyof typeof HASTY_FORM_SECONDS,
  maxPerHour: number,
  clientIp: string,
  issuedAt: number,
  now: Date,
): Promise<number> {
  if (now.getTime() - issuedAt >= HASTY_FORM_SECONDS[form] * 1000) return 0;
  return (await takePace(db, `${form}:hasty:${limitKeyOf(clientIp)}`, hastyPace(maxPerHour), now)).waitMs;
}
