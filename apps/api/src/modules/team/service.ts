import { ROLE_LABELS, TEAM_ROLES, isTeamRole, roleSchema, type TeamRole } from '@reputo/core';
import type { ActingContext } from '../../platform/acting';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { totalPages } from '../../platform/paging';
import type { Db } from '../../db/client';
import { revokeUserInvitations } from '../invitations/repository';
import { sendInvitation } from '../invitations/service';
import { allLocations } from '../locations/repository';
import { findCompanyUser, findUserByEmail, insertUser, type UserRow } from '../users/repository';
import {
  countMasterAdmins,
  deleteMember,
  invitationStates,
  listMembers,
  updateMember,
  type InvitationState,
} from './repository';

export function teamMemberView(u: UserRow, invitation?: InvitationState) {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    status: u.status,
    locationIds: u.locationIds ?? null,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    invitation:
      invitation && u.status !== 'active'
        ? {
            status: invitation.status,
            sentAt: invitation.sentAt.toISOString(),
            expiresAt: invitation.expiresAt.toISOString(),
          }
        : null,
  };
}
export type TeamMemberView = ReturnType<typeof teamMemberView>;

export function companyOf(ctx: ActingContext): number {
  if (ctx.companyId === null) throw forbidden('Choose a company to act as first');
  return ctx.companyId;
}

async function withInvitation(db: Db, u: UserRow) {
  return teamMemberView(u, (await invitationStates(db, [u.id])).get(u.id));
}

export async function listTeam(db: Db, ctx: ActingContext, q: { page: number; per_page: number; search?: string }) {
  const { rows, total } = await listMembers(db, companyOf(ctx), {
    page: q.page,
    perPage: q.per_page,
    search: q.search,
  });
  const states = await invitationStates(
    db,
    rows.filter((r) => r.status !== 'active').map((r) => r.id),
  );
  return {
    data: rows.map((r) => teamMemberView(r, states.get(r.id))),
    total,
    page: q.page,
    per_page: q.per_page,
    total_pages: totalPages(total, q.per_page),
  };
}

export async function requireMember(db: Db, ctx: ActingContext, id: number): Promise<UserRow> {
  const user = await findCompanyUser(db, companyOf(ctx), id);
  if (!user) throw notFound('No such team member');
  return user;
}

export async function getMember(db: Db, ctx: ActingContext, id: number) {
  return withInvitation(db, await requireMember(db, ctx, id));
}

// ---------------------------------------------------------------------------------------------
// Rules

/** A Manager may not create or promote Master Admins: nobody grants more than they hold. */
function assertMayGrant(ctx: ActingContext, role: TeamRole): void {
  if (ctx.role === 'manager' && role === 'master_admin') throw forbidden('A Manager cannot make anyone a Master Admin');
}

/** A Manager may not change or remove a Master Admin. */
function assertMayManage(ctx: ActingContext, member: UserRow): void {
  if (ctx.role === 'manager' && member.role === 'master_admin')
    throw forbidden('A Manager cannot change or remove a Master Admin');
}

/** The roles the acting user may give. */
export function rolesFor(ctx: ActingContext) {
  return TEAM_ROLES.map((value) => ({
    value,
    label: ROLE_LABELS[value],
    grantable: !(ctx.role === 'manager' && value === 'master_admin'),
  }));
}

/**
 * Checks a member's location list: null means all (only for those who see all themselves), a list
 * must name the company's locations, and a limited member grants only locations they see.
 */
export async function checkLocationIds(db: Db, ctx: ActingContext, wanted: number[] | null): Promise<number[] | null> {
  if (wanted === null) {
    if (ctx.locationIds !== null) throw forbidden('You can only give access to the locations you see yourself.');
    return null;
  }
  const ids = [...new Set(wanted)];
  const own = new Set((await allLocations(db, companyOf(ctx), null)).map((l) => l.id));
  const unknown = ids.find((id) => !own.has(id));
  if (unknown !== undefined)
    throw badRequest(`Location ${unknown} is not one of the company's locations.`, [
      { field: 'locationIds', message: `Location ${unknown} is not one of the company's locations.` },
    ]);
  if (ctx.locationIds && ids.some((id) => !ctx.locationIds!.includes(id)))
    throw forbidden('You can only give access to the locations you see yourself.');
  return ids;
}

function memberRole(u: UserRow): TeamRole {
  const r = roleSchema.parse(u.role);
  if (!isTeamRole(r)) throw notFound('No such team member');
  return r;
}

// ---------------------------------------------------------------------------------------------
// Calls

export interface NewMemberInput {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  role: TeamRole;
  locationIds?: number[] | null;
  url?: string;
}

export async function createTeamMember(deps: AppDeps, ctx: ActingContext, input: NewMemberInput) {
  const companyId = companyOf(ctx);
  assertMayGrant(ctx, input.role);
  const locationIds = await checkLocationIds(
    deps.db,
    ctx,
    input.locationIds ?? (ctx.locationIds ? [...ctx.locationIds] : null),
  );
  if (await findUserByEmail(deps.db, input.email)) throw conflict('A user with this email already exists.');
  const user = await insertUser(deps.db, {
    email: input.email,
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    role: input.role,
    companyId,
    status: 'invited',
    locationIds,
  });
  await sendInvitation(
    { db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl },
    { user, companyName: ctx.company?.companyName ?? null, invitedBy: ctx.user, url: input.url },
  );
  return withInvitation(deps.db, user);
}

export interface MemberPatch {
  firstName?: string | null;
  lastName?: string | null;
  role?: TeamRole;
  locationIds?: number[] | null;
}

export async function editTeamMember(db: Db, ctx: ActingContext, id: number, patch: MemberPatch) {
  const companyId = companyOf(ctx);
  const member = await requireMember(db, ctx, id);
  assertMayManage(ctx, member);
  const changes: Parameters<typeof updateMember>[3] = {};
  if (patch.firstName !== undefined) changes.firstName = patch.firstName || null;
  if (patch.lastName !== undefined) changes.lastName = patch.lastName || null;
  if (patch.role !== undefined && patch.role !== member.role) {
    if (member.id === ctx.user.id) throw forbidden('You cannot change your own role.');
    assertMayGrant(ctx, patch.role);
    if (
      memberRole(member) === 'master_admin' &&
      member.status === 'active' &&
      (await countMasterAdmins(db, companyId)) <= 1
    ) {
      throw conflict('The company needs at least one Master Admin.');
    }
    changes.role = patch.role;
  }
  if (patch.locationIds !== undefined) {
    if (member.id === ctx.user.id && ctx.locationIds !== null) throw forbidden('You cannot change your own locations.');
    changes.locationIds = await checkLocationIds(db, ctx, patch.locationIds);
  }
  const updated = Object.keys(changes).length ? await updateMember(db, companyId, id, changes) : member;
  return withInvitation(db, updated ?? member);
}

export async function deleteTeamMember(db: Db, ctx: ActingContext, id: number) {
  const companyId = companyOf(ctx);
  const member = await requireMember(db, ctx, id);
  if (member.id === ctx.user.id || member.id === ctx.actor.id) throw forbidden('You cannot remove yourself.');
  assertMayManage(ctx, member);
  if (member.role === 'master_admin' && member.status === 'active' && (await countMasterAdmins(db, companyId)) <= 1) {
    throw conflict('The company needs at least one Master Admin.');
  }
  await deleteMember(db, companyId, id);
  return { id, deleted: true as const };
}

export async function reinviteTeamMember(
  deps: AppDeps,
  ctx: ActingContext,
  userId: number,
  url?: string,
): Promise<void> {
  const user = await requireMember(deps.db, ctx, userId);
  assertMayManage(ctx, user);
  if (user.status === 'active') throw badRequest('This member has already accepted the invitation.');
  await sendInvitation(
    { db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl },
    { user, companyName: ctx.company?.companyName ?? null, invitedBy: ctx.user, url },
  );
}

/** Ends the member's invitation links; the member stays listed as invited until re-invited or removed. */
export async function revokeTeamInvitation(db: Db, ctx: ActingContext, userId: number) {
  const user = await requireMember(db, ctx, userId);
  assertMayManage(ctx, user);
  if (user.status === 'active') throw badRequest('This member has already accepted the invitation.');
  await revokeUserInvitations(db, user.id);
  return withInvitation(db, user);
}
