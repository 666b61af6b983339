import { randomUUID } from 'node:crypto';
import {
  type ApplicationState,
  type DocumentKind,
  type PaymentState,
  stateMoveProblem,
} from '#common/admission/application.ts';
import { STATE_LABELS, type StateRefusal } from '#common/admission/application-office.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, auditNameOf } from '#server/auth/actor.ts';
import type { Db } from '#server/db/db.ts';
import type { ApplicationRow } from '#server/db/schema.ts';
import * as repo from './application-office.repository.ts';
import { queueApplicationNotice } from './application-notices.ts';

export interface MoveOptions {
  /** The note to the guardian (required for a correction). */
  message?: string;
  /** The documents a correction asks to be sent again (none: any). */
  documents?: readonly DocumentKind[];
  /** An offer beyond the programme's seats is made only when the office confirms it (the merit list's are within). */
  overSeats?: boolean;
  /**
   * Called in the move's transaction after an application that held a seat (offered or admitted) moved:
   * its offer is closed and the seat passed on.
   */
  seatLeft?: (trx: Db, app: ApplicationRow, to: ApplicationState, at: Date) => Promise<void>;
}

/**
 * The one way an application changes state, whoever moves it (the office, the results' publishing, the
 * schedule): checked against the moves allowed and the fee, saved only if nobody moved it meanwhile, its
 * history and audit entry written and its guardian's message queued, all in the caller's transaction.
 * Returns why it was refused (nothing written then), or null.
 */
export async function moveApplication(
  trx: Db,
  siteUrl: string,
  actor: Actor,
  app: ApplicationRow,
  to: ApplicationState,
  at: Date,
  { message = '', documents = [], overSeats = false, seatLeft }: MoveOptions = {},
): Promise<StateRefusal | null> {
  const payment = await repo.findPayment(trx, app.id);
  const from = app.state as ApplicationState;
  const problem = stateMoveProblem(from, to, (payment?.state ?? 'unpaid') as PaymentState);
  if (problem) return problem;
  if (to === 'needs-correction' && !message) return 'message-required';
  if (to === 'offered' && !overSeats) {
    const seats = await repo.seatsOf(trx, app.first_choice, true);
    if (seats.offered + seats.admitted >= seats.seats) return 'over-seats';
  }
  const change = {
    state: to,
    updated_at: at.toISOString(),
    ...(to === 'needs-correction' ? { correction: message, correction_documents: documents.join(',') } : {}),
  };
  if (!(await repo.moveState(trx, app.id, from, change))) return 'not-a-move';
  const who = auditNameOf(actor);
  await repo.insertEvent(trx, {
    id: randomUUID(),
    application_id: app.id,
    at: at.toISOString(),
    user_id: who.id,
    actor_name: who.name,
    kind: 'state',
    from_state: from,
    to_state: to,
    text: message,
  });
  // Every move is told to the guardian in the move's own transaction: a refused move tells nothing.
  await queueApplicationNotice(trx, siteUrl, app, to, at, message);
  await audit(
    trx,
    actor,
    {
      kind: 'application-changed',
      subject: app.reference,
      changes: [{ field: 'State', from: STATE_LABELS[from] ?? from, to: STATE_LABELS[to] }],
    },
    at,
  );
  if (seatLeft && (from === 'offered' || from === 'admitted')) await seatLeft(trx, { ...app, state: to }, to, at);
  return null;
}
