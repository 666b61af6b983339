import { type AdmissionStatus, AdmissionStatusSchema, DEFAULT_ADMISSION_STATUS } from '#common/admission.ts';
import { audit } from '#server/audit/audit.ts';
import { changeContent } from '#server/cache/content-version.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import * as repo from './admission.repository.ts';

export function createAdmissionService(db: Db, clock: Clock) {
  return {
    async get(): Promise<AdmissionStatus> {
      const parsed = AdmissionStatusSchema.safeParse(await repo.readAdmissionStatus(db));
      return parsed.success ? parsed.data : DEFAULT_ADMISSION_STATUS;
    },
    async set(actor: Actor, status: AdmissionStatus): Promise<AdmissionStatus> {
      authorize(actor, 'admission.edit');
      const valid = AdmissionStatusSchema.parse(status);
      await changeContent(db, async (trx) => {
        const now = clock.now();
        const before = await repo.readAdmissionStatus(trx);
        await repo.writeAdmissionStatus(trx, valid, now.toISOString());
        const changes = before === valid ? [] : [{ field: 'Admission status', from: before ?? '', to: valid }];
        await audit(trx, actor, { kind: 'admission-changed', subject: valid, changes }, now);
      });
      return status;
    },
  };
}
export type AdmissionService = ReturnType<typeof createAdmissionService>;
