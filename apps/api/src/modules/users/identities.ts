import type { IdentityReader } from '../../platform/identityCache';
import { findCompanyById } from '../companies/repository';
import { findPartnerById } from '../partners/repository';
import { findUserById } from './repository';

/** How the platform's acting context and identity cache read users, companies and partners. */
export const identityReader: IdentityReader = {
  user: findUserById,
  company: findCompanyById,
  partner: findPartnerById,
};
