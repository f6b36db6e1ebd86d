import type { Db } from '../db/client';
import { companies, partners } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { insertUser, type UserRow } from '../modules/users/repository';
import { packageFeatures } from '@reputo/core';

export const FIXTURE_PASSWORD = 'secret123';

/**
 * A small known world: the Owner; partner P1 (Agency) with companies A (restaurants, every feature)
 * and C; partner P2 with company B (bank, Starter, no messaging). Company A has one user per team
 * role; B has its own Master Admin. Tests assert against these names.
 */
export interface Fixtures {
  owner: UserRow;
  partner1: { id: number; user: UserRow };
  partner2: { id: number; user: UserRow };
  companyA: { id: number; admin: UserRow; manager: UserRow; responder: UserRow; analyst: UserRow };
  companyB: { id: number; admin: UserRow };
  companyC: { id: number };
}

/** One scrypt hash of the fixture password per worker (files share its modules): each file hashed it anew. */
let fixtureHash: Promise<string> | undefined;

export async function createFixtures(db: Db): Promise<Fixtures> {
  const passwordHash = await (fixtureHash ??= hashPassword(FIXTURE_PASSWORD));
  const [p1] = await db
    .insert(partners)
    .values({
      name: 'Fixture Agency',
      type: 'Agency',
      startDate: '2025-01-01',
      email: 'p1@fixture.test',
      package: 'Business',
    })
    .returning();
  const [p2] = await db
    .insert(partners)
    .values({
      name: 'Other POS',
      type: 'POS System',
      startDate: '2025-01-01',
      email: 'p2@fixture.test',
      package: 'Starter',
    })
    .returning();
  const [a] = await db
    .insert(companies)
    .values({
      partnerId: p1!.id,
      companyName: 'Alpha Restaurants',
      status: 'active',
      type: 'Restaurants',
      city: 'Dubai',
      state: 'Dubai',
      country: 'UAE',
      package: 'Enterprise',
      features: [...packageFeatures('Enterprise'), 'listingManagement'],
      sources: ['google', 'facebook', 'zomato'],
    })
    .returning();
  const [b] = await db
    .insert(companies)
    .values({
      partnerId: p2!.id,
      companyName: 'Beta Bank',
      status: 'active',
      type: 'Banks',
      city: 'Riyadh',
      country: 'Saudi Arabia',
      package: 'Starter',
      features: packageFeatures('Starter'),
      sources: ['google'],
    })
    .returning();
  const [c] = await db
    .insert(companies)
    .values({
      partnerId: p1!.id,
      companyName: 'Gamma Apps',
      status: 'active',
      type: 'Software',
      package: 'Business',
      features: packageFeatures('Business'),
    })
    .returning();
  const user = (
    email: string,
    role: string,
    extra: { companyId?: number; partnerId?: number; firstName?: string; lastName?: string } = {},
  ) =>
    insertUser(db, {
      email,
      role,
      passwordHash,
      status: 'active',
      firstName: extra.firstName ?? role,
      lastName: extra.lastName ?? 'Tester',
      companyId: extra.companyId,
      partnerId: extra.partnerId,
    });
  return {
    owner: await user('owner@fixture.test', 'owner', { firstName: 'Olivia', lastName: 'Owner' }),
    partner1: { id: p1!.id, user: await user('partner1@fixture.test', 'partner', { partnerId: p1!.id }) },
    partner2: { id: p2!.id, user: await user('partner2@fixture.test', 'partner', { partnerId: p2!.id }) },
    companyA: {
      id: a!.id,
      admin: await user('admin@alpha.test', 'master_admin', {
        companyId: a!.id,
        firstName: 'Amira',
        lastName: 'Haddad',
      }),
      manager: await user('manager@alpha.test', 'manager', { companyId: a!.id }),
      responder: await user('responder@alpha.test', 'responder', { companyId: a!.id }),
      analyst: await user('analyst@alpha.test', 'analyst', { companyId: a!.id }),
    },
    companyB: { id: b!.id, admin: await user('admin@beta.test', 'master_admin', { companyId: b!.id }) },
    companyC: { id: c!.id },
  };
}
