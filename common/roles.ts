import { z } from 'zod';

/** The staff roles; what each may do is the policy's (common/policy.ts), never a route's or a page's. */
export const ROLES = ['owner', 'editor', 'admissions'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', editor: 'Editor', admissions: 'Admissions' };

/**
 * A stored role; anything unknown counts as the editor, which sees no applicant's data, so a bad value
 * never grants more.
 */
export const parseRole = (value: string): Role => (value === 'owner' || value === 'admissions' ? value : 'editor');
