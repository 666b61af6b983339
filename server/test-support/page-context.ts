import type { Role } from '#common/roles.ts';
import type { StaffActor } from '#server/auth/actor.ts';
import type { LoadContext } from '#server/load-context.ts';
import type { AppServices } from '#server/services.ts';

/** A signed-in staff member as the server resolves one, for tests that call page loaders and actions. */
export function testStaffActor(role: Role = 'owner', overrides: Partial<StaffActor> = {}): StaffActor {
  const base = { userId: 'u-test', email: 'admin@test.np', name: 'Office', role };
  return {
    kind: 'staff',
    ...base,
    twoFactorPending: false,
    address: '127.0.0.1',
    session: { ...base, userToken: 'test-session', expiresAt: '2099-01-01T00:00:00.000Z' },
    ...overrides,
  };
}

/**
 * The load context a page's loader or action receives, on the real services, with `actor` acting (null:
 * nobody signed in). Only what the admin pages read is there.
 */
export const pageContext = (services: AppServices, actor: StaffActor | null = testStaffActor()) =>
  ({
    currentActor: async () => actor,
    services,
    clientIp: actor?.address ?? '127.0.0.1',
    readForm: testReadForm,
    doneWithForm: () => undefined,
    actionAnswered: false,
  }) as unknown as LoadContext;

/** How a test's action reads its posted form: the request's own body (no body parser ran before it). */
export const testReadForm = (request: Request): Promise<FormData> => request.formData();
