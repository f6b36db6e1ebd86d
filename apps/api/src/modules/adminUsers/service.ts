import { displayName } from '@reputo/core';
import type { ActingContext } from '../../platform/acting';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { sendInvitation } from '../invitations/service';
import { findPartnerById } from '../partners/repository';
import { findUserByEmail, insertUser } from '../users/repository';
import {
  countOwners,
  deleteUser,
  findAdminUser,
  listAdminUsers,
  updateAdminUser,
  type AdminRole,
  type AdminUserFilter,
} from './repository';

export const NO_SUCH_ADMIN_USER = 'No such admin user';
const PARTNER_REQUIRED = 'Choose the partner this administrator belongs to.';

type Row = NonNullable<Awaited<ReturnType<typeof findAdminUser>>>;

export function adminUserView(r: Row) {
  return {
    id: r.user.id,
    firstName: r.user.firstName,
    lastName: r.user.lastName,
    userName: displayName(r.user.firstName, r.user.lastName),
    email: r.user.email,
    role: r.user.role,
    status: r.user.status,
    partnerId: r.user.partnerId,
    partnerName: r.partnerName,
    lastLoginAt: r.user.lastLoginAt?.toISOString() ?? null,
    created_at: r.user.createdAt.toISOString(),
  };
}

/** The Owner sees every Owner and Partner administrator; a Partner only its own partner's. */
export function adminScope(ctx: ActingContext): AdminUserFilter {
  return ctx.role === 'owner' ? { partnerId: null } : { partnerId: ctx.partnerId ?? -1 };
}

async function inScope(deps: AppDeps, ctx: ActingContext, id: number): Promise<Row> {
  const row = await findAdminUser(deps.db, adminScope(ctx), id);
  if (!row) throw notFound(NO_SUCH_ADMIN_USER);
  return row;
}

export async function listAdmins(
  deps: AppDeps,
  ctx: ActingContext,
  q: { role?: AdminRole; search?: string; page: number; per_page: number },
) {
  const { rows, total } = await listAdminUsers(
    deps.db,
    { ...adminScope(ctx), role: q.role, search: q.search },
    q.page,
    q.per_page,
  );
  return { rows: rows.map(adminUserView), total };
}

export async function getAdmin(deps: AppDeps, ctx: ActingContext, id: number) {
  return adminUserView(await inScope(deps, ctx, id));
}

/** Which role and partner a change leads to; a Partner manages only its own partner's administrators. */
async function placement(
  deps: AppDeps,
  ctx: ActingContext,
  role: AdminRole,
  partnerId: number | null | undefined,
): Promise<{ role: AdminRole; partnerId: number | null }> {
  if (ctx.role !== 'owner') {
    if (role !== 'partner') throw forbidden('Only the Owner can manage Owner administrators');
    if (partnerId !== undefined && partnerId !== null && partnerId !== ctx.partnerId)
      throw forbidden('A Partner manages only its own administrators');
    return { role, partnerId: ctx.partnerId };
  }
  if (role === 'owner') return { role, partnerId: null };
  if (partnerId === undefined || partnerId === null)
    throw badRequest(PARTNER_REQUIRED, [{ field: 'partnerId', message: PARTNER_REQUIRED }]);
  if (!(await findPartnerById(deps.db, partnerId)))
    throw badRequest('No such partner', [{ field: 'partnerId', message: 'No such partner' }]);
  return { role, partnerId };
}

async function assertEmailFree(deps: AppDeps, email: string, exceptId?: number): Promise<void> {
  const other = await findUserByEmail(deps.db, email);
  if (other && other.id !== exceptId) throw conflict('A user with this email already exists.');
}

export interface AdminUserInput {
  email: string;
  firstName?: string;
  lastName?: string;
  role: AdminRole;
  partnerId?: number | null;
  url?: string;
}

async function invite(deps: AppDeps, ctx: ActingContext, row: Row, url?: string): Promise<void> {
  const partner = row.user.partnerId ? await findPartnerById(deps.db, row.user.partnerId) : undefined;
  await sendInvitation(
    { db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl },
    { user: row.user, companyName: partner?.name ?? 'the Reputo admin panel', invitedBy: ctx.actor, url },
  );
}

/** Creates an Owner or Partner administrator and mails the invitation to set a password. */
export async function createAdmin(deps: AppDeps, ctx: ActingContext, input: AdminUserInput) {
  const where = await placement(deps, ctx, input.role, input.partnerId);
  const email = input.email.trim();
  await assertEmailFree(deps, email);
  const user = await insertUser(deps.db, {
    email,
    firstName: input.firstName?.trim() || null,
    lastName: input.lastName?.trim() || null,
    role: where.role,
    partnerId: where.partnerId,
    status: 'invited',
  });
  const row = await inScope(deps, ctx, user.id);
  await invite(deps, ctx, row, input.url);
  return adminUserView(row);
}

export async function patchAdmin(
  deps: AppDeps,
  ctx: ActingContext,
  id: number,
  input: Partial<AdminUserInput> & { id?: number },
) {
  if (input.id !== undefined && input.id !== id) throw badRequest('The id in the body is not the id in the address');
  const row = await inScope(deps, ctx, id);
  const patch: Parameters<typeof updateAdminUser>[2] = {};
  if (input.firstName !== undefined) patch.firstName = input.firstName.trim() || null;
  if (input.lastName !== undefined) patch.lastName = input.lastName.trim() || null;
  if (input.email !== undefined) {
    await assertEmailFree(deps, input.email.trim(), id);
    patch.email = input.email.trim();
  }
  if (input.role !== undefined || input.partnerId !== undefined) {
    const role = input.role ?? (row.user.role as AdminRole);
    if (role !== row.user.role && id === ctx.actor.id) throw badRequest('You cannot change your own role');
    Object.assign(
      patch,
      await placement(deps, ctx, role, input.partnerId === undefined ? row.user.partnerId : input.partnerId),
    );
  }
  if (Object.keys(patch).length) await updateAdminUser(deps.db, id, patch);
  return getAdmin(deps, ctx, id);
}

export async function removeAdmin(deps: AppDeps, ctx: ActingContext, id: number): Promise<void> {
  const row = await inScope(deps, ctx, id);
  if (id === ctx.actor.id) throw badRequest('You cannot delete yourself');
  if (row.user.role === 'owner' && row.user.status === 'active' && (await countOwners(deps.db)) <= 1)
    throw badRequest('The last Owner cannot be deleted');
  await deleteUser(deps.db, id);
}

export async function reinviteAdmin(deps: AppDeps, ctx: ActingContext, id: number, url?: string): Promise<void> {
  const row = await inScope(deps, ctx, id);
  if (row.user.status === 'active') throw badRequest('This administrator has already accepted the invitation.');
  await invite(deps, ctx, row, url);
}
