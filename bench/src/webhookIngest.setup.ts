import { packageFeatures } from '@reputo/core';
import type { Config } from '../../apps/api/src/config';
import type { Db } from '../../apps/api/src/db/client';
import { companies, messagePages, partners } from '../../apps/api/src/db/schema';
import { createSecretBox } from '../../apps/api/src/platform/secrets';

/** One company with `pages` Facebook pages that receive the deliveries; answers the pages' ids at Meta. */
export async function prepareWebhookBench(db: Db, config: Config, pages: number): Promise<string[]> {
  const [partner] = await db
    .insert(partners)
    .values({ name: 'Bench Partner', type: 'Agency', startDate: '2025-01-01', email: 'bench@partner.test' })
    .returning();
  const [company] = await db
    .insert(companies)
    .values({
      partnerId: partner!.id,
      companyName: 'Webhook Bench Dining',
      status: 'active',
      type: 'Restaurants',
      city: 'Dubai',
      country: 'UAE',
      package: 'Enterprise',
      features: packageFeatures('Enterprise'),
      sources: ['facebook'],
    })
    .returning();
  const box = createSecretBox(config.secrets);
  const ids = Array.from({ length: pages }, (_, i) => `bench-page-${i + 1}`);
  await db.insert(messagePages).values(
    ids.map((externalId, i) => ({
      companyId: company!.id,
      provider: 'facebook',
      externalId,
      name: `Bench Dining ${i + 1}`,
      accessToken: box.seal(`token-${externalId}`),
    })),
  );
  return ids;
}
