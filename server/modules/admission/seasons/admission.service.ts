import {
  type AdmissionChoice,
  type AdmissionStatus,
  AdmissionStatusSchema,
  DEFAULT_ADMISSION_STATUS,
  type PublicAdmission,
} from '#common/admission/admission.ts';
import { statusOfPhase } from '#common/admission/admission-phase.ts';
import { audit } from '#server/audit/audit.ts';
import { changeContent } from '#server/cache/content-version.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { badRequest } from '#server/errors.ts';
import * as repo from './admission.repository.ts';
import type { SeasonService } from './season.service.ts';

/**
 * The one admission status: a published season's state by its dates in Nepal time, or the owner's override
 * of that season; while no season is published, the status stored by hand. Every page and the API read it
 * from `current`, and the status page's switch writes the override (or the stored status) through `choose`.
 */
export function createAdmissionService(db: Db, clock: Clock, seasons: SeasonService) {
  /** The status stored by hand, which decides while no season is published. */
  async function get(): Promise<AdmissionStatus> {
    const parsed = AdmissionStatusSchema.safeParse(await repo.readAdmissionStatus(db));
    return parsed.success ? parsed.data : DEFAULT_ADMISSION_STATUS;
  }

  async function current(): Promise<PublicAdmission> {
    const view = await seasons.publicState();
    if (!view) {
      return {
        status: await get(),
        season: null,
        closingSoonDays: null,
        lateFee: null,
        source: { by: 'manual', season: null },
      };
    }
    const { state, season } = view;
    return {
      status: state.status,
      season: season.name,
      closingSoonDays: state.closingSoonDays,
      lateFee: !state.overridden && state.phase === 'late' ? season.lateFee : null,
      source: {
        by: state.overridden ? 'override' : 'dates',
        season: {
          id: season.id,
          name: season.name,
          opensOn: season.opensOn,
          closesOn: season.closesOn,
          lateClosesOn: season.lateClosesOn,
          phase: state.phase,
          // What the dates alone give today, shown beside an override.
          dated: statusOfPhase(state.phase),
        },
      },
    };
  }

  /** Stores the status shown while no season is published (audited). */
  async function store(actor: Actor, status: AdmissionStatus): Promise<void> {
    authorize(actor, 'admission.edit');
    await changeContent(db, clock.now(), async (trx) => {
      const now = clock.now();
      const before = await repo.readAdmissionStatus(trx);
      await repo.writeAdmissionStatus(trx, status, now.toISOString());
      const changes = before === status ? [] : [{ field: 'Admission status', from: before ?? '', to: status }];
      await audit(trx, actor, { kind: 'admission-changed', subject: status, changes }, now);
    });
  }

  return {
    get,
    /** What the public sees now, and where it comes from. */
    current,
    /** The switch's value now: the published season's override ('' follows its dates), else the stored status. */
    async choice(): Promise<AdmissionChoice> {
      const view = await seasons.publicState();
      return view ? view.season.statusOverride : get();
    },
    /**
     * The status page's switch. With a season published it sets that season's override (an owner's act;
     * '' follows the dates again), so the switch never holds a status the public does not see; with none,
     * it stores ADMISSION ENQUIRY or ADMISSION OPEN. Answers what the public sees afterwards.
     */
    async choose(actor: Actor, choice: AdmissionChoice): Promise<PublicAdmission> {
      authorize(actor, 'admission.edit');
      const view = await seasons.publicState();
      if (view) {
        await seasons.override(actor, view.season.id, choice);
      } else {
        const stored = AdmissionStatusSchema.safeParse(choice);
        if (!stored.success) {
          throw badRequest(
            'validation',
            'No season is published: choose ADMISSION ENQUIRY or ADMISSION OPEN (a season’s dates decide once one is published).',
          );
        }
        await store(actor, stored.data);
      }
      return current();
    },
  };
}
export type AdmissionService = ReturnType<typeof createAdmissionService>;
