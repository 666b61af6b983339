import { randomUUID } from 'node:crypto';
import type { ApplicationState } from '#common/admission/application.ts';
import { type RestorePlan, STATE_LABELS } from '#common/admission/application-office.ts';
import { formatBs, toBsDate } from '#common/dates/bs-date.ts';
import { nextFromWaitlist } from '#common/admission/merit.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, auditNameOf } from '#server/auth/actor.ts';
import type { Db } from '#server/db/db.ts';
import type { ApplicationRow } from '#server/db/schema.ts';
import * as office from '#server/modules/admission/applications/application-office.repository.ts';
import { queueApplicationNotice } from '#server/modules/admission/applications/application-notices.ts';
import * as repo from './merit.repository.ts';
import { offerDeadline, settingsOf } from './merit.service.ts';

/**
 * What happens to a seat an application gives up and gets back: the sentence the office reads before it
 * withdraws one, and the undoing of a withdrawal (decision 0049).
 *
 * The rule: a restored application goes back to the state it was withdrawn from, but a seat it gave up is
 * given back only while one of its programme is free (seats less offered and admitted). A seat already passed
 * to the next on the waiting list stays with them: nobody is told they have a seat and then loses it. With
 * no seat free the restored application waits on the waiting list, outside the published order (as one the
 * office puts back does: the office offers it the next seat freed), unless the office chooses, in so many
 * words, to give its seat back beyond the programme's seats.
 */

const SEAT_STATES: readonly string[] = ['offered', 'admitted'];

const named = (app: { name_en: string; reference: string }) => `${app.name_en} (${app.reference})`;

/** The seat an application holds: its open offer's, or the one it confirmed (what the office's move passes on). */
const heldOffer = async (db: Db, applicationId: string) =>
  (await repo.openOfferOf(db, applicationId)) ?? (await repo.confirmedOfferOf(db, applicationId));

/**
 * What withdrawing `app` now does to its seat, as the confirmation says it: the seat goes to the next on the
 * waiting list (named), or stays free (and why). The same choice the move's `seatLeft` makes. With `move`
 * 'waitlisted', the same for an offered application put back on the waiting list, which gives up its seat too.
 */
export async function withdrawalConsequence(
  db: Db,
  app: ApplicationRow,
  move: 'withdrawn' | 'waitlisted' = 'withdrawn',
): Promise<string> {
  const after =
    move === 'withdrawn'
      ? ' It can be restored from this page afterwards.'
      : ' It waits on the waiting list, outside its published order, for the next seat the office offers it.';
  if (!SEAT_STATES.includes(app.state)) return `It holds no seat: nobody else is offered one.${after}`;
  const held = await heldOffer(db, app.id);
  if (!held)
    return `Its seat stays free: it was not offered from the merit list, so nobody waiting is offered it.${after}`;
  const settings = settingsOf(await repo.findSettings(db, held.season_id));
  if (!settings.autoOffer)
    return `Offers from the waiting list are off: the seat stays free for the office to offer.${after}`;
  const pick = nextFromWaitlist(await repo.waitingList(db, held.programme_id, held.season_id), held.seat);
  const next = pick ? await office.findApplication(db, pick.next.id) : undefined;
  if (!next) return `No one is waiting: the seat stays free.${after}`;
  const takeBack =
    move === 'withdrawn' ? 'Restoring this application later' : 'Offering this application a seat again later';
  return (
    `The seat goes at once to ${named(next)}, next on the waiting list, who is told.` +
    ` ${takeBack} will not take it back from them.`
  );
}

/** The state an application was last withdrawn from, and when. */
async function withdrawal(db: Db, applicationId: string) {
  const events = await office.eventsOf(db, applicationId);
  const last = events.findLast((e) => e.kind === 'state' && e.to_state === 'withdrawn');
  return last ? { from: last.from_state as ApplicationState, at: last.at } : null;
}

/** Who was offered a seat of the programme in the very step that withdrew `app` (its seat, passed on). */
async function passedTo(db: Db, app: ApplicationRow, at: string): Promise<string | null> {
  const row = await repo.otherOfferedAt(db, app.first_choice, at, app.id);
  return row ? named(row) : null;
}

/** What restoring a withdrawn application does now; null when it is not withdrawn. */
export async function restorePlan(db: Db, app: ApplicationRow, lock = false): Promise<RestorePlan | null> {
  if (app.state !== 'withdrawn') return null;
  const before = await withdrawal(db, app.id);
  if (!before) return null;
  const plan: RestorePlan = { from: before.from, to: before.from, consequence: '', beyondSeats: null, problem: null };
  if (app.documents_purged_at) {
    const day = formatBs(toBsDate(new Date(app.documents_purged_at)));
    return {
      ...plan,
      problem: `Its documents were deleted on ${day}: it cannot be restored (the applicant may apply again).`,
    };
  }
  if (!SEAT_STATES.includes(before.from)) {
    const consequence =
      before.from === 'waitlisted'
        ? 'It goes back to its place on the waiting list.'
        : `It goes back to '${STATE_LABELS[before.from]}'; it held no seat, so nothing else changes.`;
    return { ...plan, consequence };
  }
  const seats = await office.seatsOf(db, app.first_choice, lock);
  const went = await passedTo(db, app, before.at);
  const wentText = went ? `Its seat went to ${went} when it was withdrawn, and stays theirs. ` : '';
  if (seats.seats - seats.offered - seats.admitted > 0) {
    const how = before.from === 'offered' ? ', with a new offer to confirm by its deadline' : ' (admitted again)';
    return { ...plan, consequence: `${wentText}A seat of ${seats.programme} is free: it gets it back${how}.` };
  }
  return {
    ...plan,
    to: 'waitlisted',
    beyondSeats: before.from,
    consequence:
      `${wentText}Every seat of ${seats.programme} (${seats.seats}) is offered or taken: it goes on the waiting ` +
      'list, for the office to offer when a seat is free.',
  };
}

export type RestoreOutcome = { to: ApplicationState; beyondSeats: boolean } | { problem: string };

/**
 * Undoes a withdrawal in the caller's transaction, by the plan above (beyond the seats only when `overSeats`):
 * its state back, a new offer when it gets an offered seat back, its history, the guardian's message and the
 * audit entry naming the actor (and, through it, the address).
 */
export async function restoreApplication(
  trx: Db,
  siteUrl: string,
  actor: Actor,
  app: ApplicationRow,
  at: Date,
  overSeats: boolean,
): Promise<RestoreOutcome> {
  const plan = await restorePlan(trx, app, true);
  if (!plan) return { problem: `${app.reference} is not withdrawn.` };
  if (plan.problem) return { problem: plan.problem };
  const beyondSeats = overSeats && plan.beyondSeats !== null;
  const to = beyondSeats ? plan.beyondSeats! : plan.to;
  const iso = at.toISOString();
  if (!(await office.moveState(trx, app.id, 'withdrawn', { state: to, updated_at: iso }))) {
    return { problem: `${app.reference} is not withdrawn any more.` };
  }
  if (to === 'offered') {
    // A fresh offer for the seat it held (the one it gave up is closed for good), with the season's days to confirm.
    const last = await repo.latestOfferOf(trx, app.id);
    if (last) {
      const settings = settingsOf(await repo.findSettings(trx, last.season_id));
      await repo.insertOffer(trx, {
        id: randomUUID(),
        application_id: app.id,
        season_id: last.season_id,
        programme_id: last.programme_id,
        seat: last.seat,
        deadline: offerDeadline(at, settings.confirmDays),
        state: 'open',
        created_at: iso,
        closed_at: null,
      });
    }
  }
  const who = auditNameOf(actor);
  const text = beyondSeats ? "Restored beyond the programme's seats." : `Restored. ${plan.consequence}`;
  await office.insertEvent(trx, {
    id: randomUUID(),
    application_id: app.id,
    at: iso,
    user_id: who.id,
    actor_name: who.name,
    kind: 'state',
    from_state: 'withdrawn',
    to_state: to,
    text,
  });
  await queueApplicationNotice(trx, siteUrl, app, to, at);
  await audit(
    trx,
    actor,
    {
      kind: 'application-changed',
      subject: app.reference,
      changes: [
        {
          field: 'State',
          from: STATE_LABELS.withdrawn,
          to: `${STATE_LABELS[to]} (restored${beyondSeats ? ' beyond the seats' : ''})`,
        },
      ],
    },
    at,
  );
  return { to, beyondSeats };
}
