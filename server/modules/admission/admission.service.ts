import {
  type AdmissionStatus,
  AdmissionStatusSchema,
  DEFAULT_ADMISSION_STATUS,
  type PublicAdmission,
} from '#common/admission.ts';
import { audit } from '#server/audit/audit.ts';
import { changeContent } from '#server/cache/content-version.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import * as repo from './admission.repository.ts';
import type { SeasonService } from './season.service.ts';

export function createAdmissionService(db: Db, clock: Clock, seasons: SeasonService) {
  async function get(): Promise<AdmissionStatus> {
    const parsed = AdmissionStatusSchema.safeParse(await repo.readAdmissionStatus(db));
    return parsed.success ? parsed.data : DEFAULT_ADMISSION_STATUS;
  }
  return {
    /** The manual switch, which decides while no season is published. */
    get,
    /** What the public sees now: a published season's state by its dates, else the manual switch. */
    async current(): Promise<PublicAdmission> {
      const view = await seasons.publicState();
      if (!view) return { status: await get(), season: null, closingSoonDays: null, lateFee: null };
      const { state, season } = view;
      return {
        status: state.status,
        season: season.name,
        closingSoonDays: state.closingSoonDays,
        lateFee: !state.overridden && state.phase === 'late' ? season.lateFee : null,
      };
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
