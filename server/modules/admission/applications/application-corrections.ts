import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentKind } from '#common/admission/application.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { conflict } from '#server/errors.ts';
import { storeBeforeCommit } from '#server/storage/store-with-commit.ts';
import type { Storage } from '#server/storage/storage.ts';
import { type ScreenedDocument, documentParts } from './application-documents.ts';
import { documentKeys } from './application-files.ts';
import * as repo from './application-intake.repository.ts';
import { type NoticeApplication, queueApplicationNotice } from './application-notices.ts';

interface Deps {
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'error'>;
  clock: Clock;
  siteUrl: string;
}

/**
 * The applicant's corrected document: its new files replace the old ones and the application goes back from
 * 'needs-correction' to 'submitted', in one transaction committed after the new files are written (a failure
 * of either removes the new files and changes nothing). The old files are deleted after the commit; a file
 * that cannot be deleted is logged and left for the storage sweep. The new files wait, as received, for the
 * document queue to draw their pictures.
 */
export async function replaceDocumentsOf(
  { db, storage, log, clock, siteUrl }: Deps,
  application: NoticeApplication,
  kind: DocumentKind,
  checked: ScreenedDocument[],
): Promise<void> {
  const applicationId = application.id;
  const now = clock.now();
  const at = now.toISOString();
  const parts = checked.map((d, i) => documentParts(d, applicationId, i + 1, at));
  const old = await repo.listDocumentsOfKind(db, applicationId, kind);
  const eventIds = [randomUUID(), randomUUID()];
  // Written before the rows commit: the document queue may claim them the moment they do.
  await storeBeforeCommit(
    storage,
    parts.flatMap((p) => p.files),
    () =>
      db.transaction().execute(async (trx) => {
        if (!(await repo.moveState(trx, applicationId, 'needs-correction', 'submitted', at))) {
          throw conflict('application/not-correctable', 'This application is not waiting for a correction.');
        }
        await repo.deleteDocumentsOfKind(trx, applicationId, kind);
        for (const p of parts) await repo.insertDocument(trx, p.row);
        const event = { application_id: applicationId, at, user_id: null, actor_name: 'Applicant' };
        await repo.insertEvent(trx, {
          ...event,
          id: eventIds[0]!,
          kind: 'document',
          from_state: '',
          to_state: '',
          text: `${kind}: ${parts.length} file(s) sent again`,
        });
        await repo.insertEvent(trx, {
          ...event,
          id: eventIds[1]!,
          kind: 'state',
          from_state: 'needs-correction',
          to_state: 'submitted',
          text: '',
        });
        // Back to 'submitted': the guardian is told it was received again, in the same transaction.
        await queueApplicationNotice(trx, siteUrl, application, 'submitted', now);
      }),
    log,
  );
  const keys = old.flatMap(documentKeys);
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((r, i) => {
    if (r.status === 'rejected')
      log.error({ err: r.reason, key: keys[i] }, 'could not delete a replaced document file');
  });
}
