import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { UPLOADS_TOO_SLOW } from '#common/api-error.ts';
import { refusal } from '../errors.ts';

/**
 * How slowly a form with files may arrive. A turn of the upload gate is worth a core: a sender that holds one
 * while sending nothing (a phone that lost its signal, or someone doing it on purpose) would hold up every
 * applicant behind it. A form therefore waits for its turn only once its body has begun to arrive, and while it
 * holds the turn its body must keep arriving: no byte for `idleMs`, or on average fewer than
 * `minBytesPerSecond` once `graceMs` have passed, and it is cut off with a 408 and its connection closed.
 */
export interface SenderLimits {
  idleMs: number;
  /** 0: no minimum rate. */
  minBytesPerSecond: number;
  graceMs: number;
  /** How often a body in progress is looked at. */
  tickMs: number;
}

export const DEFAULT_SENDER_LIMITS: SenderLimits = {
  idleMs: 20_000,
  minBytesPerSecond: 4096,
  graceMs: 20_000,
  tickMs: 1000,
};

/** What a body being read has done so far: its bytes and when they last grew, since its turn began. */
export interface BodyProgress {
  startedAt: number;
  lastProgressAt: number;
  bytes: number;
}

/** The rule, apart from sockets and timers, so it is tested with a moved clock. */
export function judgeBody(progress: BodyProgress, now: number, limits: SenderLimits): 'ok' | 'idle' | 'slow' {
  if (now - progress.lastProgressAt >= limits.idleMs) return 'idle';
  const seconds = (now - progress.startedAt) / 1000;
  if (limits.minBytesPerSecond > 0 && now - progress.startedAt >= limits.graceMs) {
    if (progress.bytes / seconds < limits.minBytesPerSecond) return 'slow';
  }
  return 'ok';
}

export const tooSlow = () => refusal(UPLOADS_TOO_SLOW.code, UPLOADS_TOO_SLOW.message, { connection: 'close' });

const hasArrived = (raw: IncomingMessage) => raw.readableLength > 0 || raw.complete || raw.readableEnded;

/**
 * Resolves once the body's first bytes (or its end) are here: Node reads a body into the request's buffer
 * (up to its high-water mark, then stops reading the socket) whether or not anyone consumes it, so this costs
 * no read. Rejects with the 408 when nothing arrived within `idleMs`; resolves when the sender is gone (the
 * gate hands such a form's turn on at once).
 */
export function bodyArrived(raw: IncomingMessage, limits: SenderLimits, gone: Promise<void>): Promise<void> {
  if (hasArrived(raw)) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const started = Date.now();
    let over = false;
    const finish = (error?: Error) => {
      if (over) return;
      over = true;
      clearInterval(timer);
      if (error) reject(error);
      else resolve();
    };
    // Short steps: a real form's body follows its headers within milliseconds, and waits at most one step.
    const timer = setInterval(
      () => {
        if (hasArrived(raw)) finish();
        else if (Date.now() - started >= limits.idleMs) finish(tooSlow());
      },
      Math.min(25, limits.idleMs),
    );
    void gone.then(() => finish());
  });
}

/**
 * The body as the parser reads it, watched while it is read: cut off (the parser sees the 408, which the
 * pages answer, with Connection: close) when it stalls or crawls. A body already buffered but not yet consumed
 * is the server's delay, not the sender's, and counts as progress. Watching ends with the body or the answer.
 */
export function watchedBody(raw: IncomingMessage, limits: SenderLimits, answered: Promise<void>): PassThrough {
  const body = new PassThrough();
  const socket = raw.socket;
  const baseline = socket.bytesRead;
  const progress: BodyProgress = { startedAt: Date.now(), lastProgressAt: Date.now(), bytes: 0 };
  const stop = () => clearInterval(timer);
  const timer = setInterval(() => {
    if (raw.complete || body.destroyed) return stop();
    const now = Date.now();
    const bytes = socket.bytesRead - baseline;
    if (bytes > progress.bytes || raw.readableLength > 0) progress.lastProgressAt = now;
    progress.bytes = bytes;
    if (judgeBody(progress, now, limits) === 'ok') return;
    stop();
    raw.unpipe(body);
    raw.pause();
    body.destroy(tooSlow());
  }, limits.tickMs);
  void answered.then(stop);
  // pipe() forwards no error: a sender gone mid-body ends the parser's read here.
  raw.on('error', (err) => body.destroy(err));
  raw.once('aborted', () => body.destroy(new Error('The sender closed the connection mid-body')));
  raw.pipe(body);
  return body;
}
