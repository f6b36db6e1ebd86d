import type { Config } from '../../apps/api/src/config';
import type { Db } from '../../apps/api/src/db/client';

/** One company with `pages` Facebook pages that receive the deliveries; answers the pages' ids at Meta. */
export async function prepareWebhookBench(_db: Db, _config: Config, pages: number): Promise<string[]> {
  return Array.from({ length: pages }, (_, i) => `bench-page-${i + 1}`);
}
