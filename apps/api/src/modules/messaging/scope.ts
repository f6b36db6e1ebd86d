import type { ActingContext } from '../../platform/acting';
import { access } from '../../platform/access';
import { scopeCompanyId } from '../../platform/companyScope';
import type { Scope } from './conversations.repository';

/**
 * Who may do what in Messages: every member of a company with the Messaging feature reads; an
 * Analyst (and an embed) reads only; a Responder answers, reads, tags and assigns conversations,
 * replies to and hides comments; a Manager or Master Admin (and the Owner or a Partner acting as the
 * company) also manages tags and pages.
 */
export const MESSAGE_WRITERS = ['owner', 'partner', 'master_admin', 'manager', 'responder'] as const;
export const MESSAGE_MANAGERS = ['owner', 'partner', 'master_admin', 'manager'] as const;

export const readers = access.signedIn({ company: true, feature: 'messaging' });
export const writers = access.roles(MESSAGE_WRITERS, { company: true, feature: 'messaging' });
export const managers = access.roles(MESSAGE_MANAGERS, { company: true, feature: 'messaging' });

export function scopeOf(ctx: ActingContext): Scope {
  return { companyId: scopeCompanyId(ctx), userId: ctx.user.id, locationIds: ctx.locationIds };
}
