import type { FastifyBaseLogger } from 'fastify';
import { referencePrefixOf } from '#common/admission/application.ts';
import { decide } from '#common/policy.ts';
import type { Role } from '#common/roles.ts';
import type { FirstOwner } from '#common/accounts/staff.ts';
import type { FirstRunCollege } from '#common/site-content/first-run.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { LOGO_ERRORS } from '#common/site-content/logo.ts';
import { type AccountAtDoor, audit } from '#server/audit/audit.ts';
import { bumpContentVersion } from '#server/cache/content-version.repository.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { forbidden, refusal } from '#server/errors.ts';
import { type NewFile, storeWithCommit } from '#server/storage/store-with-commit.ts';
import type { Storage } from '#server/storage/storage.ts';
import { findUserById, setTwoFactorRequired } from '../auth/index.ts';
import { editLatest, editSectionWithin, prepareLogo, type StoredLogo } from '../content/index.ts';
import type { StaffService } from '../staff/index.ts';

export interface FirstRunDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  clock: Clock;
  staff: Pick<StaffService, 'createFirstOwner'>;
}

export interface FirstRun {
  college: FirstRunCollege;
  owner: FirstOwner;
  /** Whether every account must turn on two-factor sign-in (the owner sets it up at the first sign-in). */
  requireTwoFactor: boolean;
  /** The logo's bytes, or null to keep what the college has. */
  logo: Buffer | null;
}

/**
 * The first run of a fresh install, from the one-time owner link: the college's identity, its logo, the first
 * owner and whether two-factor sign-in is required, saved together or not at all. The owner's account, the
 * college and the setting are one database transaction (the link is used in it too); the logo is checked
 * before it and stored with it (staged, then published once the transaction has committed).
 */
export function createFirstRunService({ db, storage, log, clock, staff }: FirstRunDeps) {
  /** The college and the setting, written as the owner just made, in the owner's transaction. */
  const writeAsOwner =
    (run: FirstRun, logo: StoredLogo | null) => async (trx: Db, owner: AccountAtDoor & { id: string }) => {
      const user = await findUserById(trx, owner.id);
      if (!user || decide({ role: user.role as Role, twoFactorPending: false }, 'content.edit') !== 'allowed')
        throw forbidden('auth/forbidden');
      const at = clock.now();
      await editSectionWithin(trx, { actor: owner, at }, 'college', (current) => ({
        ...current.data,
        ...run.college,
        // A college that names itself gives its applications its own initials; the office may change them later.
        referencePrefix:
          run.college.name.en === current.data.name.en
            ? current.data.referencePrefix
            : referencePrefixOf(run.college.name.en),
        logo: logo ?? current.data.logo,
      }));
      await bumpContentVersion(trx, at.toISOString());
      if (run.requireTwoFactor) {
        await setTwoFactorRequired(trx, true, at.toISOString());
        await audit(trx, owner, { kind: 'two-factor-changed', subject: 'Required for every account' }, at);
      }
    };

  return {
    /** Saves the whole first run and answers the owner's id; a refusal (a bad logo, a weak password) saves nothing. */
    async finish(token: string, run: FirstRun, address: string): Promise<string> {
      if (run.logo === null) return staff.createFirstOwner(token, run.owner, address, writeAsOwner(run, null));
      if (run.logo.length > CONTENT_LIMITS.logoBytes)
        throw refusal(LOGO_ERRORS.tooLarge.code, LOGO_ERRORS.tooLarge.message);
      const { logo, file } = await prepareLogo(run.logo);
      const files: NewFile[] = [file];
      return storeWithCommit(
        storage,
        files,
        {
          commit: () => staff.createFirstOwner(token, run.owner, address, writeAsOwner(run, logo)),
          // The logo could not be published after the commit: the college goes back to the mark it ships with.
          revert: async (ownerId) => {
            const owner = { kind: 'account', id: ownerId, name: run.owner.name, address } as const;
            await editLatest(db, { actor: owner, at: clock.now() }, 'college', (current) =>
              current.data.logo?.id === logo.id ? { ...current.data, logo: null } : current.data,
            );
          },
        },
        log,
      );
    },
  };
}
export type FirstRunService = ReturnType<typeof createFirstRunService>;
