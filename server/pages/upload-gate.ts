import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_BUSY, UPLOADS_TOO_MANY_FROM_ADDRESS } from '#common/api-error.ts';
import type { Env } from '../env.ts';
import { refusal } from '../errors.ts';
import { limitKeyOf } from '../rate-limit/client-key.ts';
import { createWorkLimit } from '../work-limit.ts';
import { DEFAULT_SENDER_LIMITS, type SenderLimits, bodyArrived, watchedBody } from './slow-sender.ts';

/**
 * Page forms with files (an application with its photo and documents, a document re-sent from the status
 * page, an admin upload without JavaScript) are read a few at a time: a waiting form's body stays in its
 * connection, unread, until its turn. Read at once, fifty phones on the deadline's last evening would each
 * hold their megabytes in the server several times over (the body, its parsed files, their copies) while
 * their documents wait to be drawn one per core; read in turn, memory is bounded by the few being handled.
 * A form arriving when the line is already longer than anyone would wait is refused at once (503 with
 * Retry-After), before a byte of it is read. So is one from an address that already has `perAddress` forms
 * being read or waiting: one sender cannot fill the line. A form joins the line only once its body has begun to
 * arrive, and a turn is kept only while the body keeps arriving (server/pages/slow-sender.ts): connections
 * that send headers and then nothing never hold a turn.
 */
export interface UploadGateOptions {
  /** Forms with files read and handled at once. */
  concurrent: number;
  /** Forms with files that may wait their turn; one more is refused. */
  waiting: number;
  /** Forms with files one address may have being read or waiting at once (UPLOAD_FORMS_PER_ADDRESS). */
  perAddress: number;
  sender: SenderLimits;
  /** The line counts as saturated (/api/health: degraded) once every turn is taken and a form waited this long. */
  saturatedAfterMs: number;
}

/**
 * Three forms read at once per core by default (UPLOAD_FORMS_AT_ONCE). A form's turn is mostly waiting, not
 * working: its body arriving, its files written and flushed, the PDF thread, each step behind every page being
 * answered on the server's one thread; the drawing of its pictures comes later, in the photo process. Turns that
 * overlap those waits answer a rush's parents sooner, for a few megabytes more held per turn (its body and parse).
 */
export const FORMS_PER_CORE = 3;

export const defaultUploadGate = (
  concurrent?: number,
  overrides: Partial<Omit<UploadGateOptions, 'concurrent'>> = {},
): UploadGateOptions => ({
  concurrent: concurrent ?? FORMS_PER_CORE * Math.max(1, os.availableParallelism()),
  waiting: 200,
  perAddress: 2,
  sender: DEFAULT_SENDER_LIMITS,
  saturatedAfterMs: 5000,
  ...overrides,
});

/** What /api/health tells of the gate. */
export interface UploadGateLoad {
  turns: number;
  running: number;
  /** Forms whose body is arriving before they join the line, and forms in the line. */
  arriving: number;
  waiting: number;
  /** Seconds the longest-waiting form has waited for its turn (0: none waits). */
  longestWaitSeconds: number;
  saturated: boolean;
}

export interface UploadGate {
  load: () => UploadGateLoad;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the pages are served (server/pages/pages-plugin.ts); read by /api/health. */
    uploadGate?: UploadGate;
  }
}

const isMultipart = (contentType: string | undefined) => /^multipart\/form-data\b/iu.test(contentType ?? '');

export function registerUploadGate(
  pages: FastifyInstance,
  options: UploadGateOptions = defaultUploadGate(),
  now: () => number = Date.now,
): UploadGate {
  const turns = createWorkLimit(options.concurrent);
  const perAddress = new Map<string, number>();
  let arriving = 0;
  // Insertion order is arrival order, and the line is first come, first served: the first is the longest waiting.
  const queuedSince = new Set<{ at: number }>();

  const load = (): UploadGateLoad => {
    const { running, waiting } = turns.load;
    const first = queuedSince.values().next().value;
    const waited = first ? now() - first.at : 0;
    return {
      turns: options.concurrent,
      running,
      arriving,
      waiting,
      longestWaitSeconds: Math.round(waited / 1000),
      saturated: running >= options.concurrent && first !== undefined && waited >= options.saturatedAfterMs,
    };
  };

  pages.addHook('preParsing', async (request, reply, payload) => {
    if (!isMultipart(request.headers['content-type'])) return payload;
    if (turns.load.waiting + arriving >= options.waiting) {
      throw refusal(UPLOADS_BUSY.code, UPLOADS_BUSY.message, { 'retry-after': '60' });
    }
    const address = limitKeyOf(request.ip);
    const mine = perAddress.get(address) ?? 0;
    if (mine >= options.perAddress) {
      throw refusal(UPLOADS_TOO_MANY_FROM_ADDRESS.code, UPLOADS_TOO_MANY_FROM_ADDRESS.message, { 'retry-after': '60' });
    }
    perAddress.set(address, mine + 1);
    // The turn lasts until the answer is sent or the connection is gone, whichever comes first; a form whose
    // sender gave up while waiting takes its turn and hands it on at once.
    const finished = new Promise<void>((done) =>
      reply.raw.once('close', () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
        done();
      }),
    );
    arriving += 1;
    try {
      await bodyArrived(request.raw, options.sender, finished);
    } finally {
      arriving -= 1;
    }
    const queued = { at: now() };
    queuedSince.add(queued);
    await new Promise<void>((admitted) => {
      void turns.run(() => {
        queuedSince.delete(queued);
        admitted();
        return finished;
      });
    });
    return watchedBody(request.raw, options.sender, finished);
  });
  return { load };
}

/** The gate's settings from the environment (docs/operations.md). */
export const uploadGateSettings = (
  env: Pick<Env, 'UPLOAD_FORMS_PER_ADDRESS' | 'UPLOAD_IDLE_SECONDS' | 'UPLOAD_MIN_BYTES_PER_SECOND'>,
): Partial<Omit<UploadGateOptions, 'concurrent'>> => ({
  perAddress: env.UPLOAD_FORMS_PER_ADDRESS,
  sender: {
    ...DEFAULT_SENDER_LIMITS,
    idleMs: env.UPLOAD_IDLE_SECONDS * 1000,
    minBytesPerSecond: env.UPLOAD_MIN_BYTES_PER_SECOND,
  },
});
