import { z } from 'zod';

/** Every kind of user. Owner runs the platform, Partner an agency; the other four are team roles of a company. */
export const ROLES = ['owner', 'partner', 'master_admin', 'manager', 'responder', 'analyst'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const TEAM_ROLES = ['master_admin', 'manager', 'responder', 'analyst'] as const satisfies readonly Role[];
export type TeamRole = (typeof TEAM_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  partner: 'Partner',
  master_admin: 'Master Admin',
  manager: 'Manager',
  responder: 'Responder',
  analyst: 'Analyst',
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** A role's label, or the text itself when it names no role (a role the server added later). */
export function roleLabel(role: string): string {
  return isRole(role) ? ROLE_LABELS[role] : role;
}

export function isTeamRole(role: Role): role is TeamRole {
  return (TEAM_ROLES as readonly Role[]).includes(role);
}
