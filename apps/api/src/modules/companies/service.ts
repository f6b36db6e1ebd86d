import {
  competitorSourcesError,
  competitorSourcesFor,
  defaultSourcesForType,
  displayName,
  locationsTitleFor,
  normalizeFeatures,
  packageChangeDateFor,
  packageFeatures,
  SOURCE_URL_MESSAGE,
  sourceByValue,
  sourceTitle,
  validateSourceUrl,
  type CompanyCreate,
} from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { badRequest, forbidden, notFound, type ErrorDetail } from '../../platform/errors';
import { currentKey, rotateKey } from '../apiKeys/repository';
import {
  companyUsers,
  countCompanyLocations,
  deleteCompany,
  findCompanyById,
  insertCompany,
  partnerExists,
  partnerName,
  updateCompany,
  type CompanyRow,
  type NewCompany,
} from './repository';
import type { CompanyPatchBody, CompanyView } from './schemas';

export const NO_SUCH_COMPANY = 'No such company';

/**
 * Whether the acting admin manages this company: the Owner manages every company, a Partner (or the
 * Owner acting as one) only its own, a company user only its own company.
 */
export function managesCompany(ctx: ActingContext, company: Pick<CompanyRow, 'id' | 'partnerId'>): boolean {
  if (ctx.role === 'owner') return true;
  if (ctx.role === 'partner') return ctx.partnerId !== null && company.partnerId === ctx.partnerId;
  return ctx.companyId === company.id;
}

/** The company of an admin call; another tenant's company answers 404 exactly like a missing one. */
export async function companyInScope(db: Db, ctx: ActingContext, id: number): Promise<CompanyRow> {
  const company = await findCompanyById(db, id);
  if (!company || !managesCompany(ctx, company)) throw notFound(NO_SUCH_COMPANY);
  return company;
}

/** The partner filter of the admin lists: none for the Owner, its own for a Partner. */
export function listPartnerFilter(ctx: ActingContext): number | null {
  return ctx.role === 'owner' ? null : (ctx.partnerId ?? -1);
}

export async function companyView(db: Db, row: CompanyRow): Promise<CompanyView> {
  const [key, partner, locationsCount] = await Promise.all([
    currentKey(db, { companyId: row.id }),
    partnerName(db, row.partnerId),
    countCompanyLocations(db, row.id),
  ]);
  return {
    id: row.id,
    company_name: row.companyName,
    status: row.status,
    type: row.type,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    country: row.country,
    timeZone: row.timeZone,
    zip: row.zip,
    sources: row.sources,
    competitorsSources: row.competitorsSources,
    sourceUrls: row.sourceUrls,
    features: normalizeFeatures(row.features),
    package: row.package,
    packageChangeDate: row.packageChangeDate,
    period: row.period,
    locationsLimit: row.locationsLimit,
    languages: row.languages,
    accessToken: key?.token ?? null,
    partner_id: row.partnerId,
    partner_name: partner,
    locations_count: locationsCount,
    locationsTitle: locationsTitleFor(row.type),
    created_at: row.createdAt.toISOString(),
  };
}

/** The partner a new or moved company belongs to: a Partner's own; the Owner's choice (or none). */
async function partnerFor(db: Db, ctx: ActingContext, wanted: number | null | undefined): Promise<number | null> {
  if (ctx.role !== 'owner') {
    if (wanted !== undefined && wanted !== ctx.partnerId)
      throw forbidden('Only the Owner can place a company under another partner');
    return ctx.partnerId;
  }
  if (wanted === undefined || wanted === null) return null;
  if (!(await partnerExists(db, wanted)))
    throw badRequest('No such partner', [{ field: 'partner_id', message: 'No such partner' }]);
  return wanted;
}

function blankToNull(v: string | undefined): string | null {
  return v === undefined || v.trim() === '' ? null : v.trim();
}

/**
 * Creates a company from the information step. It starts on a Free trial (package change date 30
 * days ahead) with every trial feature, the default sources of its type, and its API key.
 */
export async function createCompany(
  db: Db,
  ctx: ActingContext,
  input: CompanyCreate & { partner_id?: number | null },
  today = new Date(),
): Promise<CompanyRow> {
  const partnerId = await partnerFor(db, ctx, input.partner_id);
  const values: NewCompany = {
    partnerId,
    companyName: input.company_name.trim(),
    status: input.status,
    type: input.type,
    address1: input.address1.trim(),
    address2: blankToNull(input.address2),
    city: input.city.trim(),
    state: input.state.trim(),
    country: input.country.trim(),
    zip: blankToNull(input.zip),
    timeZone: blankToNull(input.timeZone),
    sources: defaultSourcesForType(input.type),
    package: 'Free trial',
    packageChangeDate: packageChangeDateFor('Free trial', today),
    features: packageFeatures('Free trial'),
  };
  const company = await insertCompany(db, values);
  await rotateKey(db, { companyId: company.id });
  return company;
}

function sourcesError(values: readonly string[]): ErrorDetail | null {
  const unknown = values.find((v) => !sourceByValue(v));
  if (unknown !== undefined) return { field: 'sources', message: `Unknown review source: ${unknown}` };
  return null;
}

/** Source addresses after a change: each checked against its source's rule; '' removes one. */
function nextSourceUrls(
  current: Record<string, string>,
  sources: readonly string[],
  sent: Record<string, string> | undefined,
): Record<string, string> {
  const next: Record<string, string> = {};
  for (const [source, url] of Object.entries(current)) if (sources.includes(source)) next[source] = url;
  const details: ErrorDetail[] = [];
  for (const [source, url] of Object.entries(sent ?? {})) {
    if (url === '') {
      delete next[source];
      continue;
    }
    if (!sources.includes(source))
      details.push({
        field: `sourceUrls.${source}`,
        message: `${sourceTitle(source)} is not one of the company's sources.`,
      });
    else if (!validateSourceUrl(source, url))
      details.push({ field: `sourceUrls.${source}`, message: SOURCE_URL_MESSAGE(sourceTitle(source)) });
    else next[source] = url;
  }
  if (details.length) throw badRequest(details[0]!.message, details);
  return next;
}

/** The sources step: sources, competitor sources (at most 4, never Feedback, only the company's) and addresses. */
function sourcesPatch(company: CompanyRow, body: CompanyPatchBody): Partial<NewCompany> {
  if (body.sources === undefined && body.competitorsSources === undefined && body.sourceUrls === undefined) return {};
  const sources = body.sources ? [...new Set(body.sources)] : company.sources;
  const unknown = sourcesError(sources);
  if (unknown) throw badRequest(unknown.message, [unknown]);
  if (body.sources && sources.length === 0)
    throw badRequest('Choose at least one review source.', [
      { field: 'sources', message: 'Choose at least one review source.' },
    ]);
  const wantedCompetitors = body.competitorsSources ?? company.competitorsSources;
  const tooMany = competitorSourcesError(wantedCompetitors);
  if (tooMany) throw badRequest(tooMany, [{ field: 'competitorsSources', message: tooMany }]);
  return {
    sources,
    competitorsSources: competitorSourcesFor(sources, wantedCompetitors),
    sourceUrls: nextSourceUrls(company.sourceUrls, sources, body.sourceUrls),
  };
}

function informationPatch(body: CompanyPatchBody): Partial<NewCompany> {
  const out: Partial<NewCompany> = {};
  if (body.company_name !== undefined) out.companyName = body.company_name.trim();
  if (body.status !== undefined) out.status = body.status;
  if (body.type !== undefined) out.type = body.type;
  if (body.address1 !== undefined) out.address1 = body.address1.trim();
  if (body.address2 !== undefined) out.address2 = blankToNull(body.address2);
  if (body.city !== undefined) out.city = body.city.trim();
  if (body.state !== undefined) out.state = body.state.trim();
  if (body.country !== undefined) out.country = body.country.trim();
  if (body.zip !== undefined) out.zip = blankToNull(body.zip);
  if (body.timeZone !== undefined) out.timeZone = body.timeZone;
  return out;
}

/** PATCH: the id plus changed fields. An id in the body must be the path's. */
export async function patchCompany(
  db: Db,
  ctx: ActingContext,
  id: number,
  body: CompanyPatchBody,
): Promise<CompanyRow> {
  if (body.id !== undefined && body.id !== id) throw badRequest('The id in the body is not the id in the address');
  const company = await companyInScope(db, ctx, id);
  const patch: Partial<NewCompany> = { ...informationPatch(body), ...sourcesPatch(company, body) };
  if (body.partner_id !== undefined) patch.partnerId = await partnerFor(db, ctx, body.partner_id);
  if (Object.keys(patch).length === 0) return company;
  return (await updateCompany(db, id, patch)) ?? company;
}

export async function removeCompany(db: Db, ctx: ActingContext, id: number): Promise<void> {
  await companyInScope(db, ctx, id);
  await deleteCompany(db, id);
}

export async function rotateCompanyKey(db: Db, ctx: ActingContext, id: number): Promise<string> {
  await companyInScope(db, ctx, id);
  return (await rotateKey(db, { companyId: id })).token;
}

export async function listCompanyUsers(db: Db, ctx: ActingContext, id: number) {
  await companyInScope(db, ctx, id);
  const rows = await companyUsers(db, id);
  return rows.map((u) => ({
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    userName: displayName(u.firstName, u.lastName),
    email: u.email,
    role: u.role,
    status: u.status,
  }));
}
