import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_BUSY } from '#common/api-error.ts';
import { refusal } from '../errors.ts';
import { type WorkLimit, createWorkLimit } from '../work-limit.ts';

/**
 * Page forms with files (an application with its photo and documents, a document re-sent from the status
 * page, an admin upload without JavaScript) are read a few at a time: a waiting form's body stays in its
 * connection, unread, until its turn. Read at once, fifty phones on the deadline's last evening would each
 * hold their megabytes in the server several times over (the body, its parsed files, their copies) while
 * their documents wait to be drawn one per core; read in turn, memory is bounded by the few being handled.
 * A form arriving when the line is already longer than anyone would wait is refused at once (503 with
 * Retry-After), before a byte of it is read.
 */
export interface UploadGateOptions {
  /** Forms with files read and handled at once. */
  concurrent: number;
  /** Forms with files that may wait their turn; one more is refused. */
  waiting: number;
}

/**
 * One form read at a time per core by default (UPLOAD_FORMS_AT_ONCE): its documents are then checked one per core
 * anyway (application-documents.ts), so reading more at once only holds more bodies in memory while they wait.
 */
export const defaultUploadGate = (concurrent?: number): UploadGateOptions => ({
  concurrent: concurrent ?? Math.max(1, os.availableParallelism()),
  waiting: 200,
});

const isMultipart = (contentType: string | undefined) => /^multipart\/form-data\b/iu.test(contentType ?? '');

export function registerUploadGate(
  pages: FastifyInstance,
  options: UploadGateOptions = defaultUploadGate(),
): WorkLimit {
  const gate = createWorkLimit(options.concurrent);
  pages.addHook('preParsing', async (request, reply, payload) => {
    if (!isMultipart(request.headers['content-type'])) return payload;
    if (gate.load.waiting >= options.waiting) {
      throw refusal(UPLOADS_BUSY.code, UPLOADS_BUSY.message, { 'retry-after': '60' });
    }
    // The turn lasts until the answer is sent or the connection is gone, whichever comes first; a form whose
    // sender gave up while waiting takes its turn and hands it on at once.
    const finished = new Promise<void>((done) => reply.raw.once('close', done));
    await new Promise<void>((admitted) => {
      void gate.run(() => {
        admitted();
        return finished;
      });
    });
    return payload;
  });
  return gate;
}
