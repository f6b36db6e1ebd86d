import {
  ALWAYS_ON_FEATURES,
  FEATURE_LABELS,
  FEATURES,
  featureSchema,
  FREE_TRIAL_DAYS,
  normalizeFeatures,
  PACKAGE_CREDITS,
  PACKAGE_LEVEL,
  packageChangeDateFor,
  packageFeatures,
  PACKAGES,
  type Feature,
  type PackageName,
} from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { badRequest, forbidden } from '../../platform/errors';
import { countCompanyLocations, updateCompany, type CompanyRow, type NewCompany } from '../companies/repository';
import { companyInScope } from '../companies/service';

type FixedPackage = Exclude<PackageName, 'Custom'>;

function isFixed(name: PackageName): name is FixedPackage {
  return name !== 'Custom';
}

/** The catalogue the packages step shows. Custom is listed but never selectable: it results from hand-picked features. */
export function packageCatalogue() {
  return {
    packages: PACKAGES.map((name) => ({
      name,
      credits: PACKAGE_CREDITS[name],
      level: isFixed(name) ? PACKAGE_LEVEL[name] : null,
      features: isFixed(name) ? packageFeatures(name) : [],
      selectable: name !== 'Custom',
    })),
    features: FEATURES.map((value) => ({
      value,
      label: FEATURE_LABELS[value],
      locked: ALWAYS_ON_FEATURES.includes(value),
    })),
    freeTrialDays: FREE_TRIAL_DAYS,
  };
}

export interface PackagePatch {
  client: number;
  package?: PackageName;
  packageChangeDate?: string;
  features?: string | string[];
  locationsLimit?: number;
}

function parseFeatures(input: string | string[]): Feature[] {
  const items = (Array.isArray(input) ? input : input.split(',')).map((f) => f.trim()).filter(Boolean);
  const unknown = items.find((f) => !featureSchema.safeParse(f).success);
  if (unknown !== undefined)
    throw badRequest(`Unknown feature: ${unknown}`, [{ field: 'features', message: `Unknown feature: ${unknown}` }]);
  // Review Filter & Search is always on and cannot be switched off.
  return normalizeFeatures(items);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * The package and features a change leads to (spec 001 section 4): a fixed package brings its own
 * features; features picked by hand make the package Custom unless they are exactly a fixed
 * package's; Custom cannot be chosen without features.
 */
export function resolvePackage(
  current: Pick<CompanyRow, 'package'>,
  wanted: { package?: PackageName; features?: Feature[] },
): { package: PackageName; features: Feature[] } {
  const target = wanted.package ?? (current.package as PackageName);
  if (!wanted.features) {
    if (!isFixed(target))
      throw badRequest('Custom cannot be chosen directly: pick the features and the package becomes Custom.', [
        {
          field: 'package',
          message: 'Custom cannot be chosen directly: pick the features and the package becomes Custom.',
        },
      ]);
    return { package: target, features: packageFeatures(target) };
  }
  if (isFixed(target) && sameSet(wanted.features, packageFeatures(target)))
    return { package: target, features: wanted.features };
  return { package: 'Custom', features: wanted.features };
}

async function locationsLimitPatch(db: Db, companyId: number, limit: number): Promise<Partial<NewCompany>> {
  const used = await countCompanyLocations(db, companyId);
  if (limit < used) {
    const message = `This company already has ${used} locations; the limit cannot be lower.`;
    throw badRequest(message, [{ field: 'locationsLimit', message }]);
  }
  return { locationsLimit: limit };
}

/**
 * PATCH v2/api/admin/packages: a company's package (the change date follows: 30 days ahead for a
 * Free trial, today otherwise), hand-picked features (Owner only; the switch panel is hidden for
 * Partners) and its locations limit.
 */
export async function updatePackage(
  db: Db,
  ctx: ActingContext,
  input: PackagePatch,
  today = new Date(),
): Promise<CompanyRow> {
  const company = await companyInScope(db, ctx, input.client);
  if (input.features !== undefined && ctx.role !== 'owner') throw forbidden('Only the Owner can switch features');
  const patch: Partial<NewCompany> = {};
  if (input.package !== undefined || input.features !== undefined) {
    const resolved = resolvePackage(company, {
      package: input.package,
      features: input.features === undefined ? undefined : parseFeatures(input.features),
    });
    const changed =
      resolved.package !== company.package || !sameSet(resolved.features, normalizeFeatures(company.features));
    if (changed)
      Object.assign(patch, {
        package: resolved.package,
        features: resolved.features,
        packageChangeDate: packageChangeDateFor(resolved.package, today),
      });
  }
  if (input.locationsLimit !== undefined)
    Object.assign(patch, await locationsLimitPatch(db, company.id, input.locationsLimit));
  if (Object.keys(patch).length === 0) return company;
  return (await updateCompany(db, company.id, patch)) ?? company;
}
