import type { ActingContext } from './acting';
import { forbidden } from './errors';

/**
 * The acting company every company-scoped query is limited to; a route that scopes by it must
 * declare `company: true`, so this never throws there.
 */
export function scopeCompanyId(ctx: Pick<ActingContext, 'companyId'>): number {
  if (ctx.companyId === null) throw forbidden('Choose a company to act as first');
  return ctx.companyId;
}
