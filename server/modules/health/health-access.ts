import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { decide } from '#common/policy.ts';
import { currentActor } from '#server/auth/actor.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether /api/health may show its figures: the free disk, when backups last worked, the outbox, the upload line.
 * None is a secret alone, but together they tell a stranger when the site is weakest (a full disk, a failing
 * backup, a queue of uploads): a monitor holding HEALTH_TOKEN (`Authorization: Bearer ...`) reads them, and so
 * does a signed-in owner (the backups' action: the same people see the same facts on the Backups page).
 * Compared as digests in constant time, so the answer's timing says nothing of the token.
 */
export async function showsDetails(request: FastifyRequest, token: string | undefined): Promise<boolean> {
  const sent = /^Bearer\s+(\S+)$/iu.exec(request.headers.authorization ?? '')?.[1];
  if (token !== undefined && sent !== undefined && timingSafeEqual(digest(sent), digest(token))) return true;
  if (!request.cookies[request.server.authSettings.cookie.name]) return false;
  return decide(await currentActor(request), 'backups.manage') === 'allowed';
}
