import { type AdmissionStatus, AdmissionStatusSchema, DEFAULT_ADMISSION_STATUS } from '#common/admission.ts';
import { audit } from '#server/audit/audit.ts';
import { changeContent } from '#server/cache/content-version.ts';
import { type Db, nowIso } from '#server/db/db.ts';
import * as repo from './admission.repository.ts';

export function createAdmissionService(db: Db) {
  return {
    async get(): Promise<AdmissionStatus> {
      const parsed = AdmissionStatusSchema.safeParse(await repo.readAdmissionStatus(db));
      return parsed.success ? parsed.data : DEFAULT_ADMISSION_STATUS;
    },
    async set(status: AdmissionStatus): Promise<AdmissionStatus> {
      const valid = AdmissionStatusSchema.parse(status);
      await changeContent(db, async (trx) => {
        await repo.writeAdmissionStatus(trx, valid, nowIso());
        await audit(trx, { kind: 'admission-changed', subject: valid });
      });
      return status;
    },
  };
}
export type AdmissionService = ReturnType<typeof createAdmissionService>;
