import {
  displayName,
  isIsoDate,
  lastDays,
  monthlyApiCredits,
  MSG,
  PACKAGE_CREDITS,
  parseIsoDate,
  type PackageName,
  type PartnerCreate,
  type PartnerPatch,
} from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { badRequest, notFound } from '../../platform/errors';
import { currentKey, partnerUsage, rotateKey, type UsageRow } from '../apiKeys/repository';
import {
  companyCounts,
  deletePartner,
  findPartnerById,
  insertPartner,
  partnerUsers,
  updatePartner,
  type NewPartner,
  type PartnerRow,
} from './repository';

export const NO_SUCH_PARTNER = 'No such partner';

/** A partner the caller may see: any for the Owner, its own for a Partner; else 404 like a missing one. */
export async function partnerInScope(db: Db, ctx: ActingContext, id: number): Promise<PartnerRow> {
  const partner = await findPartnerById(db, id);
  const allowed = ctx.role === 'owner' || (ctx.role === 'partner' && ctx.partnerId === id);
  if (!partner || !allowed) throw notFound(NO_SUCH_PARTNER);
  return partner;
}

/** The credits a partner's package carries: the fixed ones, or its own for Custom. */
export function packageCreditsOf(p: Pick<PartnerRow, 'package' | 'packageCredits'>): number | null {
  return p.package === 'Custom' ? p.packageCredits : (PACKAGE_CREDITS[p.package as PackageName] ?? null);
}

export async function partnerView(db: Db, p: PartnerRow) {
  const [key, counts] = await Promise.all([currentKey(db, { partnerId: p.id }), companyCounts(db, [p.id])]);
  return {
    id: p.id,
    name: p.name,
    status: p.status,
    startDate: p.startDate,
    type: p.type,
    address: p.address,
    email: p.email,
    package: p.package,
    settings: { packageCredits: packageCreditsOf(p) },
    apiCredits: monthlyApiCredits(p.package, p.packageCredits),
    apiKey: key?.token ?? null,
    url: p.url,
    companies_count: counts.get(p.id) ?? 0,
    created_at: p.createdAt.toISOString(),
  };
}

/** Credits are stored only for Custom; a fixed package takes its own. */
function creditsFor(pkg: string, credits: number | null | undefined): number | null {
  return pkg === 'Custom' ? (credits ?? null) : null;
}

/** Creates a partner with its API key; its url is the fixed address where its people sign in. */
export async function createPartner(db: Db, input: PartnerCreate, publicUrl: string): Promise<PartnerRow> {
  const pkg = input.package ?? 'Starter';
  const values: NewPartner = {
    name: input.name.trim(),
    status: input.status,
    startDate: input.startDate,
    type: input.type,
    address: input.address.trim(),
    email: input.email.trim(),
    package: pkg,
    packageCredits: creditsFor(pkg, input.settings?.packageCredits),
    url: `${publicUrl}/signin`,
  };
  const partner = await insertPartner(db, values);
  await rotateKey(db, { partnerId: partner.id });
  return partner;
}

/**
 * PATCH: the id plus changed fields. Credits are required for Custom and allowed only for Custom;
 * leaving Custom clears them.
 */
export async function patchPartner(db: Db, id: number, input: PartnerPatch & { id?: number }): Promise<PartnerRow> {
  if (input.id !== undefined && input.id !== id) throw badRequest('The id in the body is not the id in the address');
  const partner = await findPartnerById(db, id);
  if (!partner) throw notFound(NO_SUCH_PARTNER);
  const patch: Partial<NewPartner> = {};
  if (input.name !== undefined) patch.name = input.name.trim();
  if (input.startDate !== undefined) patch.startDate = input.startDate;
  if (input.email !== undefined) patch.email = input.email.trim();
  if (input.status !== undefined) patch.status = input.status;
  if (input.type !== undefined) patch.type = input.type;
  if (input.address !== undefined) patch.address = input.address.trim();
  const pkg = input.package ?? partner.package;
  const sentCredits = input.settings?.packageCredits;
  if (sentCredits !== undefined && sentCredits !== null && pkg !== 'Custom') {
    throw badRequest(MSG.packageCreditsOnlyCustom, [
      { field: 'settings.packageCredits', message: MSG.packageCreditsOnlyCustom },
    ]);
  }
  if (input.package !== undefined || sentCredits !== undefined) {
    const credits = creditsFor(pkg, sentCredits ?? partner.packageCredits);
    if (pkg === 'Custom' && credits === null)
      throw badRequest(MSG.packageCreditsRequired, [
        { field: 'settings.packageCredits', message: MSG.packageCreditsRequired },
      ]);
    Object.assign(patch, { package: pkg, packageCredits: credits });
  }
  if (Object.keys(patch).length === 0) return partner;
  return (await updatePartner(db, id, patch)) ?? partner;
}

export async function removePartner(db: Db, id: number): Promise<void> {
  if (!(await deletePartner(db, id))) throw notFound(NO_SUCH_PARTNER);
}

export async function rotatePartnerKey(db: Db, ctx: ActingContext, id: number): Promise<string> {
  await partnerInScope(db, ctx, id);
  return (await rotateKey(db, { partnerId: id })).token;
}

/** Partner administrators: of one partner (a Partner only its own), or all for the Owner. */
export async function listPartnerUsers(db: Db, ctx: ActingContext, id: number | undefined) {
  let partnerId: number | null = id ?? null;
  if (ctx.role !== 'owner') partnerId = ctx.partnerId;
  if (id !== undefined) await partnerInScope(db, ctx, id);
  const rows = await partnerUsers(db, partnerId);
  return rows.map((r) => ({
    id: r.user.id,
    firstName: r.user.firstName,
    lastName: r.user.lastName,
    userName: displayName(r.user.firstName, r.user.lastName),
    email: r.user.email,
    status: r.user.status,
    partnerId: r.user.partnerId,
    partnerName: r.partnerName,
    lastLoginAt: r.user.lastLoginAt?.toISOString() ?? null,
  }));
}

export interface DateRangeQuery {
  dateFrom?: string;
  dateTo?: string;
}

/** The billing range: both days given (YYYY-MM-DD, from not after to, at most 366 days), or the last 7 days. */
export function billingRange(q: DateRangeQuery, today = new Date()): { from: string; to: string } {
  const fallback = lastDays(7, today);
  const from = q.dateFrom || fallback.from;
  const to = q.dateTo || fallback.to;
  if (!isIsoDate(from) || !isIsoDate(to)) throw badRequest(MSG.dateNotValid);
  if (from > to) throw badRequest('dateFrom cannot be after dateTo');
  if ((parseIsoDate(to).getTime() - parseIsoDate(from).getTime()) / 86_400_000 > 366)
    throw badRequest('A billing range is at most one year');
  return { from, to };
}

/** Metered API calls of a partner's account (its key and its companies' keys) per day, free and paid. */
export async function usageSeries(db: Db, partnerId: number, range: { from: string; to: string }) {
  const rows = await partnerUsage(db, partnerId, range);
  const byDay = new Map<string, { day: string; free: number; paid: number }>();
  for (let d = parseIsoDate(range.from); d <= parseIsoDate(range.to); d = new Date(d.getTime() + 86_400_000)) {
    const day = d.toISOString().slice(0, 10);
    byDay.set(day, { day, free: 0, paid: 0 });
  }
  for (const r of rows) {
    const entry = byDay.get(r.day);
    if (entry) entry[r.paid ? 'paid' : 'free'] += r.calls;
  }
  const days = [...byDay.values()];
  return {
    range,
    days,
    totals: { free: days.reduce((s, d) => s + d.free, 0), paid: days.reduce((s, d) => s + d.paid, 0) },
  };
}

/** Who made a metered call, as the billing export names it. */
export function callerLabel(r: UsageRow, partnerName: string): string {
  return r.partnerKey ? `${partnerName} (partner key)` : (r.companyName ?? `Company ${r.companyId}`);
}

/** The last characters of a key, enough to tell keys apart without printing the secret. */
export function keyHint(token: string): string {
  return `…${token.slice(-6)}`;
}
