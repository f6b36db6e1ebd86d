import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { makeFacebookRatings } from '../../connectors/facebook/fake';
import { makeGoogleReviews, startFakeGoogle, type FakeGoogle } from '../../connectors/google/fake';
import type { FakeGraph } from '../../connectors/meta/fake';
import type { Db } from '../../db/client';
import { locations, users } from '../../db/schema';

/**
 * The demo's review sources: without a Google OAuth client, a local fake Google (consent page,
 * tokens, Business Profile, reviews) answers; without FACEBOOK_APP_ID, the demo's fake Graph API
 * (messaging/meta/demo.ts) does Facebook Login and page ratings. Connecting on Settings > Other >
 * Third-party login then goes through the real OAuth and sync code against them.
 */
export async function startDemoSources(
  config: Config,
  graph: FakeGraph | null,
): Promise<{ config: Config; google: FakeGoogle | null }> {
  if (!config.demoMode) return { config, google: null };
  let next = config;
  let google: FakeGoogle | null = null;
  if (!config.google.clientId) {
    google = await startFakeGoogle();
    next = {
      ...next,
      google: {
        ...next.google,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        authUrl: google.authUrl,
        tokenUrl: google.tokenUrl,
        accountsUrl: google.accountsUrl,
        businessInfoUrl: google.businessInfoUrl,
        apiUrl: google.apiUrl,
      },
    };
  }
  if (graph && !config.facebookLogin.appId)
    next = { ...next, facebookLogin: { authUrl: `${graph.url}/dialog/oauth`, appId: graph.reviews.appId } };
  return { config: next, google };
}

const DEMO_ADMIN = 'admin@reputo.test';
const GOOGLE_PLACES = 12;
const FACEBOOK_PAGES = 4;
/**
 * The demo places' reviews are two and a half days apart, as a real location's are: an hour apart,
 * a day of them held a dozen 1 and 2 star reviews, which the review-bombing check rightly took for a burst.
 */
const DEMO_HOURS_APART = 60;

/**
 * Gives the fakes places named as the demo Master Admin's company's first locations (so they map by
 * name), each with a few weeks of reviews, and one Google location that matches nothing (to map by hand).
 */
export async function stockDemoSources(db: Db, google: FakeGoogle | null, graph: FakeGraph | null): Promise<void> {
  const [admin] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.email, DEMO_ADMIN));
  if (!admin?.companyId) return;
  const ours = await db
    .select({ id: locations.id, title: locations.title })
    .from(locations)
    .where(and(eq(locations.companyId, admin.companyId)))
    .orderBy(asc(locations.id))
    .limit(GOOGLE_PLACES);
  const now = Date.now();
  if (google && google.accounts.size === 0) {
    google.addAccount('demo', 'Demo Business Profile');
    ours.forEach((l, i) =>
      google.addLocation({
        account: 'demo',
        id: `D${l.id}`,
        title: l.title,
        reviews: makeGoogleReviews(`demo-${l.id}`, 15 + (i % 4) * 5, now - 3_600_000, DEMO_HOURS_APART),
      }),
    );
    google.addLocation({
      account: 'demo',
      id: 'D-new',
      title: 'New branch (not in Reputo yet)',
      reviews: makeGoogleReviews('demo-new', 5, now, DEMO_HOURS_APART),
    });
  }
  if (graph && graph.reviews.pages.size === 0)
    for (const l of ours.slice(0, FACEBOOK_PAGES))
      graph.reviews.addReviewPage({
        id: `demo-fb-${l.id}`,
        name: l.title,
        token: `demo-fb-page-token-${l.id}`,
        ratings: makeFacebookRatings(`demo-fb-${l.id}`, 12, now - 3_600_000, DEMO_HOURS_APART),
      });
}
