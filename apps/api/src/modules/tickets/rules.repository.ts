/**
 * The rules of Zendesk and Jira connections (README.md): a review created with a rating at most the
 * rule's `maxRating`, or put in one of the rule's `categoryIds`, gets a ticket (or issue) queued.
 * Called inside the write's transaction by the same write points as the webhook outbox (review sync,
 * the public API's review push) and by the categorisation of a review. One statement for many
 * reviews; a company with no connection writes nothing. The dispatcher (service.ts) queues the jobs.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

export const TICKET_PROVIDERS = ['zendesk', 'jira'] as const;
export type TicketProvider = (typeof TICKET_PROVIDERS)[number];

/** Queues rule tickets for reviews just created or just categorised; answers how many were queued. */
export async function queueRuleTickets(
  db: Db,
  companyId: number,
  reviewIds: readonly number[],
  trigger: 'created' | 'categorized',
): Promise<number> {
  if (reviewIds.length === 0) return 0;
  const matches =
    trigger === 'created'
      ? sql`(c.settings #>> '{rule,maxRating}') IS NOT NULL AND r.rating IS NOT NULL
          AND r.rating <= (c.settings #>> '{rule,maxRating}')::int`
      : sql`EXISTS (SELECT 1 FROM review_category_links l WHERE l.review_id = r.id
          AND (c.settings #> '{rule,categoryIds}') @> to_jsonb(l.category_id))`;
  const result = await db.execute(sql`
    INSERT INTO review_tickets (company_id, review_id, provider, origin)
    SELECT r.company_id, r.id, c.source, 'rule'
    FROM source_connections c JOIN reviews r ON r.company_id = c.company_id
    WHERE c.company_id = ${companyId} AND c.location_id = 0 AND c.source IN ('zendesk', 'jira')
      AND c.status = 'connected' AND (c.source <> 'jira' OR (c.settings ->> 'projectId') IS NOT NULL)
      AND r.id = ANY(${sql.param([...reviewIds])}::int[]) AND r.removed_at IS NULL AND ${matches}
    ON CONFLICT (review_id, provider) DO NOTHING
    RETURNING id`);
  return rowsOf(result).length;
}
