import { z } from 'zod';

/** The staff roles; what each may do is the policy's (common/policy.ts), never a route's or a page's. */
export const ROLES = ['owner', 'editor', 'admissions'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', editor: 'Editor', admissions: 'Admissions' };

/**
 * The role that sees no applicant's data and manages nobody: what a stored value that is no role, or nobody
 * signed in, counts as, so a bad value never grants more; and the role a new account is offered first.
 */
export const LEAST_ROLE: Role = 'editor';

/** A stored role; anything unknown counts as LEAST_ROLE. */
export const parseRole = (value: string): Role => (value === 'owner' || value === 'admissions' ? value : LEAST_ROLE);
