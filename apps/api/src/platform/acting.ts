import { normalizeFeatures, parseId, roleSchema, type Feature, type Role } from '@reputo/core';
import type { Db } from '../db/client';
import { badRequest, forbidden } from './errors';
import { identityReader, requestCompany, type CompanyRow, type UserRow } from './identityCache';

/** The six impersonation query parameters of spec 000 section 7, in the order the server applies them. */
export const ACTING_PARAMS = [
  'ownerAsPartner',
  'ownerAsUser',
  'ownerAsCompany',
  'partnerAsCompany',
  'partnerAsUser',
  'adminAsUser',
] as const;
export type ActingParam = (typeof ACTING_PARAMS)[number];
export type ActingRequest = Partial<Record<ActingParam, number>>;

/** Who acts, as whom, in which company: the only source of tenancy for every query. */
export interface ActingContext {
  /** The signed-in user. */
  actor: UserRow;
  /** The user whose view is in effect (the actor, or the one impersonated). */
  user: UserRow;
  role: Role;
  companyId: number | null;
  partnerId: number | null;
  company: CompanyRow | null;
  features: Feature[];
  /** Locations the effective user may see; null for all of the company's. */
  locationIds: number[] | null;
  via: 'password' | 'iframe';
  iframe: { view: '2' | '3'; locations: number[] | null } | null;
  /** The parameters that were applied, for logs and audit. */
  applied: ActingParam[];
}

const NOT_ALLOWED = 'You may not act in this context';

/** Reads the impersonation parameters from the raw query string (route schemas strip unknown keys). */
export function readActingRequest(url: string, opts: { ignoreOwnerAsCompany: boolean }): ActingRequest {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  const result: ActingRequest = {};
  for (const name of ACTING_PARAMS) {
    const raw = query.get(name);
    if (raw === null || raw === '' || raw === 'null' || raw === 'undefined') continue;
    if (name === 'ownerAsCompany' && opts.ignoreOwnerAsCompany) continue;
    const id = parseId(raw);
    if (id === null)
      throw badRequest(`${name} must be a positive whole number`, [
        { field: name, message: `${name} must be a positive whole number` },
      ]);
    result[name] = id;
  }
  return result;
}

/** `ownerAsCompany` does not apply to the current-user call nor to the admin company paths (spec 000 section 7). */
export function ignoresOwnerAsCompany(path: string): boolean {
  return path === '/v2/api/me' || path.startsWith('/v2/api/admin/companies');
}

function asRole(value: string): Role {
  return roleSchema.parse(value);
}

async function requireUser(db: Db, id: number): Promise<UserRow> {
  const user = await identityReader(db).user(db, id);
  if (!user) throw forbidden(NOT_ALLOWED);
  return user;
}

async function requireCompany(db: Db, id: number): Promise<CompanyRow> {
  const company = await identityReader(db).company(db, id);
  if (!company) throw forbidden(NOT_ALLOWED);
  return company;
}

interface Draft {
  user: UserRow;
  role: Role;
  companyId: number | null;
  partnerId: number | null;
}

/**
 * Applies the acting parameters with the rules of spec 000 section 6: an Owner acts as a partner, a
 * company or any user; a Partner (or the Owner acting as one) only inside its own companies; a
 * Master Admin only as users of its own company. Anything else, or an unknown id, answers 403.
 */
export async function resolveActingContext(db: Db, actor: UserRow, request: ActingRequest): Promise<ActingContext> {
  const d: Draft = { user: actor, role: asRole(actor.role), companyId: actor.companyId, partnerId: actor.partnerId };
  const applied: ActingParam[] = [];
  const actorIsOwner = actor.role === 'owner';

  if (request.ownerAsPartner !== undefined) {
    if (!actorIsOwner) throw forbidden(NOT_ALLOWED);
    const partner = await identityReader(db).partner(db, request.ownerAsPartner);
    if (!partner) throw forbidden(NOT_ALLOWED);
    Object.assign(d, { role: 'partner', partnerId: partner.id, companyId: null });
    applied.push('ownerAsPartner');
  }
  if (request.ownerAsUser !== undefined) {
    if (!actorIsOwner) throw forbidden(NOT_ALLOWED);
    const target = await requireUser(db, request.ownerAsUser);
    Object.assign(d, {
      user: target,
      role: asRole(target.role),
      companyId: target.companyId,
      partnerId: target.partnerId,
    });
    applied.push('ownerAsUser');
  }
  if (request.ownerAsCompany !== undefined) {
    if (!actorIsOwner) throw forbidden(NOT_ALLOWED);
    const company = await requireCompany(db, request.ownerAsCompany);
    d.companyId = company.id;
    applied.push('ownerAsCompany');
  }
  if (request.partnerAsCompany !== undefined) {
    if (d.role !== 'partner' || d.partnerId === null) throw forbidden(NOT_ALLOWED);
    const company = await requireCompany(db, request.partnerAsCompany);
    if (company.partnerId !== d.partnerId) throw forbidden(NOT_ALLOWED);
    d.companyId = company.id;
    applied.push('partnerAsCompany');
  }
  if (request.partnerAsUser !== undefined) {
    if (d.role !== 'partner' || d.partnerId === null) throw forbidden(NOT_ALLOWED);
    const target = await requireUser(db, request.partnerAsUser);
    const company = target.companyId ? await identityReader(db).company(db, target.companyId) : undefined;
    const inPartner = target.partnerId === d.partnerId || company?.partnerId === d.partnerId;
    if (!inPartner) throw forbidden(NOT_ALLOWED);
    Object.assign(d, {
      user: target,
      role: asRole(target.role),
      companyId: target.companyId,
      partnerId: target.partnerId ?? d.partnerId,
    });
    applied.push('partnerAsUser');
  }
  if (request.adminAsUser !== undefined) {
    if (d.role !== 'master_admin' || d.companyId === null) throw forbidden(NOT_ALLOWED);
    const target = await requireUser(db, request.adminAsUser);
    if (target.companyId !== d.companyId) throw forbidden(NOT_ALLOWED);
    Object.assign(d, { user: target, role: asRole(target.role) });
    applied.push('adminAsUser');
  }

  const company = d.companyId !== null ? ((await requestCompany(db, d.companyId)) ?? null) : null;
  return {
    actor,
    user: d.user,
    role: d.role,
    companyId: company?.id ?? null,
    // A company user belongs to the company's partner, if it has one.
    partnerId: d.partnerId ?? company?.partnerId ?? null,
    company,
    features: company ? normalizeFeatures(company.features) : [],
    locationIds: d.user.locationIds ?? null,
    via: 'password',
    iframe: null,
    applied,
  };
}
