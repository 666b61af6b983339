import { z } from 'zod';

/**
 * An owner may do everything, including staff accounts and the audit log; an editor may change what the
 * site shows (notices, photos, featured, admission status, inquiries, site content) and nothing else.
 */
export const ROLES = ['owner', 'editor'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', editor: 'Editor' };

/** Whether an account with `role` may do what `needed` is declared for. */
export const roleAllows = (role: Role, needed: Role): boolean => role === 'owner' || needed === 'editor';

/** A stored role; anything unknown counts as the lesser role, so a bad value never grants more. */
export const parseRole = (value: string): Role => (value === 'owner' ? 'owner' : 'editor');
