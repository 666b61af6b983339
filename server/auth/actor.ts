import type { FastifyRequest } from 'fastify';
import { type Action, type Asker, type Subject, type VisitorAction, decide } from '#common/policy.ts';
import { type AppError, forbidden, refusal, unauthorized } from '#server/errors.ts';
import type { Client, SignedIn } from '#server/modules/auth/index.ts';
import { currentAdmin } from './auth-plugin.ts';

/** A signed-in staff account acting through the site (API route or admin page). */
export interface StaffActor extends Asker {
  kind: 'staff';
  userId: string;
  email: string;
  /** May be empty; the e-mail stands in for it. */
  name: string;
  /** The client's address as the server sees it (honours TRUST_PROXY). */
  address: string;
  session: SignedIn;
}

/**
 * An applicant acting on their own application from the status page, found there by its reference and access
 * key: the policy lets them act on that application only. Named in the audit log by the reference (never the
 * minor's name) with the address they posted from.
 */
export interface ApplicantActor {
  kind: 'applicant';
  /** The application they proved theirs. */
  applicationId: string;
  reference: string;
  /** The client's address as the server sees it ('' when the caller did not pass it). */
  address: string;
}

/** A visitor on the public site who proved nothing (a public form): may do what anyone may, nothing more. */
export interface PublicActor {
  kind: 'public';
  /** The client's address as the server sees it. */
  address: string;
}

/**
 * Who acts: resolved once at the edge of every transport and handed to what it asks of the services.
 * The command line (`npm run admin`, start-up with ADMIN_EMAIL) is whoever holds the server's files, and
 * may do everything; the system is the server's own work (schedules, start-up, imports), never a visitor's
 * request; an applicant and a public visitor may do what the policy's visitor rules give them.
 */
export type Actor =
  StaffActor | ApplicantActor | PublicActor | { kind: 'command-line' } | { kind: 'system'; job: string };

export const applicantActor = (applicationId: string, reference: string, address: string): ApplicantActor => ({
  kind: 'applicant',
  applicationId,
  reference,
  address,
});

export const publicActor = (address: string): PublicActor => ({ kind: 'public', address });

export const COMMAND_LINE_ACTOR: Actor = { kind: 'command-line' };

/** The actor of a signed-in session, seen from `address`. */
export const staffActor = (session: SignedIn, twoFactorPending: boolean, address: string): StaffActor => ({
  kind: 'staff',
  userId: session.userId,
  email: session.email,
  name: session.name,
  role: session.role,
  twoFactorPending,
  address,
  session,
});

const resolved = new WeakMap<FastifyRequest, Promise<StaffActor | null>>();

/** The staff account acting in this request, or null when nobody is signed in (looked up once per request). */
export function currentActor(request: FastifyRequest): Promise<StaffActor | null> {
  let found = resolved.get(request);
  if (!found) {
    found = currentAdmin(request).then(async (session) => {
      if (!session) return null;
      const twoFactorPending = await request.server.services.twoFactor.mustSetUp(session.userId);
      return staffActor(session, twoFactorPending, request.ip);
    });
    resolved.set(request, found);
  }
  return found;
}

/**
 * The actor of a request that the policy already let through (an admin API route): its staff account.
 * Signed out here means the session ended between the check and now; answered as signed out.
 */
export async function requestActor(request: FastifyRequest): Promise<StaffActor> {
  const actor = await currentActor(request);
  if (!actor) throw unauthorized();
  return actor;
}

/** Where a request comes from (address and browser), for a sign-in's session and its audit entry. */
export const clientOf = (request: FastifyRequest): Client => ({
  address: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** The refusal for a decision other than 'allowed', in the API's vocabulary; null when allowed. */
export function refusalFor(
  actor: Actor | null,
  action: Action | VisitorAction,
  /** What the action is done to, for an applicant's action on their own application. */
  subject?: Subject,
): AppError | null {
  if (actor?.kind === 'command-line' || actor?.kind === 'system') return null;
  switch (decide(actor, action, subject)) {
    case 'allowed':
      return null;
    case 'signed-out':
      return unauthorized();
    case 'forbidden':
      return forbidden('auth/forbidden');
    case 'two-factor-required':
      return refusal('two-factor/required');
  }
}

/** Throws the policy's refusal unless `actor` may do `action`: the check every protected service call makes. */
export function authorize(actor: Actor | null, action: Action | VisitorAction, subject?: Subject): void {
  const refused = refusalFor(actor, action, subject);
  if (refused) throw refused;
}

/** How an actor is named in the audit log. */
export function auditNameOf(actor: Actor): { id: string | null; name: string } {
  if (actor.kind === 'staff') return { id: actor.userId, name: actor.name || actor.email };
  if (actor.kind === 'command-line') return { id: null, name: 'command line' };
  if (actor.kind === 'applicant') return { id: null, name: `applicant ${actor.reference} (status page)` };
  if (actor.kind === 'public') return { id: null, name: 'visitor (public page)' };
  return { id: null, name: `system (${actor.job})` };
}
