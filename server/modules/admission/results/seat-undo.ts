import { randomUUID } from 'node:crypto';
import type { ApplicationState } from '#common/admission/application.ts';
import { STATE_LABELS, type UndoPlan } from '#common/admission/application-office.ts';
import { formatBsAd } from '#common/dates/bs-date.ts';
import { isoToNepalLocal } from '#common/dates/nepal-time.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, auditNameOf } from '#server/auth/actor.ts';
import type { Db } from '#server/db/db.ts';
import type { ApplicationRow } from '#server/db/schema.ts';
import * as office from '#server/modules/admission/applications/application-office.repository.ts';
import { queueApplicationNotice } from '#server/modules/admission/applications/application-notices.ts';
import { cancelMessages, messagesOfEvent } from '#server/modules/outbox/index.ts';
import * as repo from './merit.repository.ts';
import { offerDeadline } from './merit.service.ts';

/**
 * Undo of the last change that moved a seat: an application withdrawn (by the office, or its offer declined)
 * from a seat it held, within 24 hours and while nothing depends on it yet (decision 0053).
 *
 * The rule: within 24 hours of the withdrawal, and while the applicant the seat passed to has neither accepted
 * it (sent the fee's voucher, or been admitted) nor been told of it (the message offering it has not left),
 * Undo puts both back as they were: the withdrawn application gets its own offer again (same seat, same
 * deadline, but never less than to the end of the next Nepal day) or is admitted again, and the next applicant
 * goes back to their place on the waiting list. The messages the withdrawal queued and that have not left are
 * cancelled (kept, in the state 'cancelled', for the office to see); nothing further is sent, except that a
 * family already told of the withdrawal is told the application has its seat back. Someone told they have a
 * seat keeps it: then Undo is refused, and the office may restore the application beyond the seats instead.
 */

export const UNDO_WINDOW_MS = 24 * 3_600_000;
const SEAT_STATES: readonly string[] = ['offered', 'admitted'];
/** Messages that have left, or may be leaving now: the recipient counts as told. */
const TOLD_STATES = ['sent', 'sending'] as const;
/** Messages not yet out: Undo cancels them. */
const UNSENT_STATES = ['queued', 'retrying', 'failed', 'held'] as const;
export const CANCELLED_ANSWER = 'Not sent: the seat change that queued it was undone.';

type Naming = (app: { name_en: string; reference: string }) => string;
/** On the application's page the office reads the name and the reference. */
export const byName: Naming = (a) => `${a.name_en} (${a.reference})`;
/** In an error answer only the reference: an applicant's name never goes into an error message. */
export const byReference: Naming = (a) => a.reference;

/** '6 Mangsir 2083 B.S. (22 Nov 2026) at 14:05', Nepal time. */
const when = (iso: string) => `${formatBsAd(iso)} at ${isoToNepalLocal(iso).slice(11, 16)}`;

/** The messages a step queued for one application at one instant (`application-<step>:<id>`). */
const messagesOf = (db: Db, step: string, applicationId: string, atIso: string) =>
  messagesOfEvent(db, `application-${step}:${applicationId}`, atIso);

type Messages = Awaited<ReturnType<typeof messagesOf>>;
const toldAt = (messages: Messages) => {
  const told = messages.filter((m) => (TOLD_STATES as readonly string[]).includes(m.state));
  return told.length === 0 ? null : (told.map((m) => m.sent_at ?? m.created_at).sort()[0] ?? null);
};

/** Everything Undo reads: the withdrawal, the offer it closed, the offer it made, and the messages of both. */
async function facts(db: Db, app: ApplicationRow) {
  if (app.state !== 'withdrawn') return null;
  const events = await office.eventsOf(db, app.id);
  const last = events.findLast((e) => e.kind === 'state' && e.to_state === 'withdrawn');
  if (!last || !SEAT_STATES.includes(last.from_state)) return null;
  const from = last.from_state as ApplicationState;
  const at = last.at;
  const offers = await repo.offersOfApplication(db, app.id);
  // An offer withdrawn by the office or declined at that instant; one that lapsed is not the office's change.
  const own = offers.find((o) => o.closed_at === at && (o.state === 'withdrawn' || o.state === 'declined'));
  if (from === 'offered' && !own) return null;
  const programmeId = own?.programme_id ?? app.first_choice;
  const next = await repo.offerMadeAt(db, programmeId, at, app.id);
  const nextApp = next ? await office.findApplication(db, next.application_id) : undefined;
  return {
    from,
    at,
    own,
    programmeId,
    next: next && nextApp ? { offer: next, app: nextApp } : null,
    nextMessages: nextApp ? await messagesOf(db, 'offered', nextApp.id, at) : [],
    ownMessages: await messagesOf(db, 'withdrawn', app.id, at),
  };
}

type Facts = NonNullable<Awaited<ReturnType<typeof facts>>>;

/** Why Undo is refused now, or null when it may go ahead. */
async function refusalOf(db: Db, f: Facts, now: Date, name: Naming, lock: boolean): Promise<string | null> {
  const until = new Date(Date.parse(f.at) + UNDO_WINDOW_MS).toISOString();
  const restoreInstead = 'Restore it instead (below).';
  if (now.toISOString() >= until) {
    return `Undo was possible for 24 hours after the withdrawal, until ${when(until)}. ${restoreInstead}`;
  }
  if (f.next) {
    const who = name(f.next.app);
    const { offer, app } = f.next;
    if (offer.state === 'voucher-sent' || (offer.state === 'confirmed' && offer.voucher_at)) {
      return `${who} accepted the seat: the admission fee's voucher was sent on ${when(offer.voucher_at ?? offer.created_at)}. The seat stays theirs. ${restoreInstead}`;
    }
    if (offer.state === 'confirmed' || app.state === 'admitted') {
      return `${who} accepted the seat and is admitted${offer.closed_at ? ` since ${when(offer.closed_at)}` : ''}. The seat stays theirs. ${restoreInstead}`;
    }
    if (offer.state !== 'open' || app.state !== 'offered') {
      return `The seat has moved on since: ${who}'s offer is no longer open. ${restoreInstead}`;
    }
    const told = toldAt(f.nextMessages);
    if (told) {
      return `${who} was told on ${when(told)} that they have the seat: someone told they have a seat keeps it. ${restoreInstead}`;
    }
    return null;
  }
  // Nobody was offered the seat: it comes back only while it is still free.
  const seats = await office.seatsOf(db, f.programmeId, lock);
  if (seats.seats - seats.offered - seats.admitted <= 0) {
    return `The seat it gave up has been offered or taken since. ${restoreInstead}`;
  }
  return null;
}

/** The deadline of the offer given back: its own, but never less than to the end of the next Nepal day. */
const deadlineBack = (own: string, now: Date) => {
  const least = offerDeadline(now, 1);
  return own > least ? own : least;
};

/** What Undo does, as its confirmation states it (both applications, and the messages). */
function consequenceOf(f: Facts, now: Date, name: Naming): string {
  const parts: string[] = [];
  parts.push(
    f.from === 'offered' && f.own
      ? `It gets its offer back, to confirm by ${formatBsAd(deadlineBack(f.own.deadline, now))}.`
      : 'It is admitted again.',
  );
  if (f.next) {
    const unsent = f.nextMessages.length > 0;
    parts.push(
      `${name(f.next.app)} goes back to their place on the waiting list` +
        (unsent ? ': the message offering them the seat has not left and is cancelled.' : ' and is sent nothing.'),
    );
  }
  parts.push(
    toldAt(f.ownMessages)
      ? 'The family was told of the withdrawal, so they are told the application has its seat back.'
      : 'The message telling the family of the withdrawal has not left and is cancelled: nothing further is sent.',
  );
  return parts.join(' ');
}

/** Undo of the application's withdrawal as its page shows it; null when there is no seat change to undo. */
export async function undoPlan(
  db: Db,
  app: ApplicationRow,
  now: Date,
  name: Naming = byName,
): Promise<UndoPlan | null> {
  const f = await facts(db, app);
  if (!f) return null;
  const until = new Date(Date.parse(f.at) + UNDO_WINDOW_MS).toISOString();
  const refused = await refusalOf(db, f, now, name, false);
  return { from: f.from, until, refused, consequence: refused ? null : consequenceOf(f, now, name) };
}

/** Sets the unsent ones of `messages` to 'cancelled' (kept for the office to see, never sent). */
async function cancel(trx: Db, messages: Messages) {
  const ids = messages.filter((m) => (UNSENT_STATES as readonly string[]).includes(m.state)).map((m) => m.id);
  await cancelMessages(trx, ids, UNSENT_STATES, CANCELLED_ANSWER);
}

export type UndoOutcome = { to: ApplicationState } | { problem: string };

/**
 * Undoes the withdrawal in the caller's transaction, by the rule above: both applications back, the unsent
 * messages cancelled, each application's history and the audit log written. A message claimed by the sender
 * meanwhile (the next applicant about to be told) refuses the whole undo: the caller rolls back.
 */
export async function undoWithdrawal(
  trx: Db,
  siteUrl: string,
  actor: Actor,
  app: ApplicationRow,
  at: Date,
): Promise<UndoOutcome> {
  const f = await facts(trx, app);
  if (!f) return { problem: `${app.reference} has no seat change to undo.` };
  const refused = await refusalOf(trx, f, at, byReference, true);
  if (refused) return { problem: refused };
  const iso = at.toISOString();
  if (!(await office.moveState(trx, app.id, 'withdrawn', { state: f.from, updated_at: iso }))) {
    return { problem: `${app.reference} is not withdrawn any more.` };
  }
  if (f.from === 'offered' && f.own) {
    await repo.reopenClosedOffer(trx, f.own.id, f.own.state, deadlineBack(f.own.deadline, at));
  }
  const who = auditNameOf(actor);
  const event = { user_id: who.id, actor_name: who.name, kind: 'state', at: iso };
  if (f.next) {
    const { offer, app: next } = f.next;
    if (
      !(await repo.closeOffer(trx, offer.id, 'withdrawn', 'undone', iso)) ||
      !(await office.moveState(trx, next.id, 'offered', { state: 'waitlisted', updated_at: iso }))
    ) {
      return { problem: `The seat has moved on since: ${next.reference}'s offer is no longer open.` };
    }
    await cancel(trx, f.nextMessages);
    await office.insertEvent(trx, {
      id: randomUUID(),
      application_id: next.id,
      ...event,
      from_state: 'offered',
      to_state: 'waitlisted',
      text: `The withdrawal of ${app.reference} that offered it the seat was undone before it was told: back at its place on the waiting list.`,
    });
    await audit(
      trx,
      actor,
      {
        kind: 'application-changed',
        subject: next.reference,
        changes: [
          { field: 'State', from: STATE_LABELS.offered, to: `${STATE_LABELS.waitlisted} (seat change undone)` },
        ],
      },
      at,
    );
  }
  const toldOfWithdrawal = toldAt(f.ownMessages) !== null;
  await cancel(trx, f.ownMessages);
  if (toldOfWithdrawal) await queueApplicationNotice(trx, siteUrl, app, f.from, at);
  await office.insertEvent(trx, {
    id: randomUUID(),
    application_id: app.id,
    ...event,
    from_state: 'withdrawn',
    to_state: f.from,
    text: `Withdrawal undone. ${consequenceOf(f, at, byReference)}`,
  });
  await audit(
    trx,
    actor,
    {
      kind: 'application-changed',
      subject: app.reference,
      changes: [{ field: 'State', from: STATE_LABELS.withdrawn, to: `${STATE_LABELS[f.from]} (withdrawal undone)` }],
    },
    at,
  );
  // The sender may have claimed the next applicant's offer meanwhile: then they are being told, and keep it.
  if (f.next && toldAt(await messagesOf(trx, 'offered', f.next.app.id, f.at))) {
    throw new UndoRaced(`${f.next.app.reference} is being told of the seat now: it stays theirs.`);
  }
  return { to: f.from };
}

/** Thrown inside the transaction so that everything Undo wrote is rolled back. */
export class UndoRaced extends Error {
  override name = 'UndoRaced';
}
