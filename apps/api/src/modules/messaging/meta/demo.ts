import type { Config } from '../../../config';
import {
  feedDelivery,
  messagingDelivery,
  metaEvents,
  signDelivery,
  startFakeGraph,
  type FakeGraph,
} from '../../../connectors/meta/fake';
import type { Db } from '../../../db/client';
import { createSecretBox } from '../../../platform/secrets';
import { enabledMetaPages, metaPagesWithoutToken, recentPostOf, setPageToken } from './repository';

/**
 * The demo's Meta side, through the real code paths: without FACEBOOK_GRAPH_URL, a local fake Graph
 * API (connectors/meta/fake.ts) answers the sends of the demo's pages, whose tokens are sealed as
 * any page's are; and a simulator posts signed deliveries to our own /webhooks/meta now and then,
 * so the inbox and the badge move while someone looks.
 */
const DEMO_TOKEN_PREFIX = 'demo-page-token-';

/** Starts the fake Graph API when the demo has no real one configured; answers the config to build the app with. */
export async function startDemoGraph(config: Config): Promise<{ config: Config; fake: FakeGraph | null }> {
  if (!config.demoMode || config.facebook.graphUrlGiven) return { config, fake: null };
  const fake = await startFakeGraph({
    // The demo's customers wrote at seeded times the fake never saw; the API checks the window itself.
    window: 'open',
    acceptToken: (token) => (token.startsWith(DEMO_TOKEN_PREFIX) ? token.slice(DEMO_TOKEN_PREFIX.length) : undefined),
    // Facebook Login for connecting pages (modules/integrations/demo.ts) signs in with the demo's app secret.
    appSecret: config.meta.appSecret,
  });
  return { config: { ...config, facebook: { ...config.facebook, graphUrl: fake.url } }, fake };
}

/** Gives the demo's Facebook and Instagram pages that have none a sealed token the fake accepts. */
export async function giveDemoPagesTokens(db: Db, config: Config): Promise<number> {
  if (!config.demoMode || config.facebook.graphUrlGiven) return 0;
  const box = createSecretBox(config.secrets);
  const pages = await metaPagesWithoutToken(db);
  for (const page of pages) await setPageToken(db, page.id, box.seal(`${DEMO_TOKEN_PREFIX}${page.externalId}`));
  return pages.length;
}

const ENGLISH = [
  'Hi! Do you take reservations for tonight?',
  'Is there parking near the restaurant?',
  'Thanks for the great service yesterday!',
  'What time do you close on Friday?',
  'Can I order a birthday cake for Saturday?',
  'Do you have vegetarian options?',
];
const ARABIC = [
  'مرحبا، هل يمكنني الحجز لشخصين الليلة؟',
  'ما هي ساعات العمل يوم الجمعة؟',
  'شكرا على الخدمة الرائعة',
  'هل يوجد موقف سيارات قريب؟',
];
const NAMES = ['Sara', 'Omar', 'Lina', 'Khalid', 'Maya', 'Yusuf', 'Noor', 'Adam'];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One simulated event: mostly a customer's message, sometimes a comment or a reaction on a recent post. */
async function simulateOnce(db: Db, config: Config, baseUrl: string): Promise<void> {
  const pages = await enabledMetaPages(db);
  if (pages.length === 0) return;
  const page = pick(pages);
  const object = page.provider === 'instagram' ? 'instagram' : 'page';
  const customer = `demo-customer-${Math.floor(Math.random() * 40) + 1}`;
  const roll = Math.random();
  let delivery;
  if (roll < 0.7) {
    const text = Math.random() < 0.3 ? pick(ARABIC) : pick(ENGLISH);
    delivery = messagingDelivery(
      page.externalId,
      [metaEvents.message({ pageId: page.externalId, senderId: customer, text })],
      object,
    );
  } else {
    const post = object === 'page' ? await recentPostOf(db, page.companyId, page.externalId) : undefined;
    if (!post) return;
    const from = { id: customer, name: pick(NAMES) };
    delivery = feedDelivery(page.externalId, [
      roll < 0.9
        ? metaEvents.comment({ postId: post, from, message: pick(ENGLISH) })
        : metaEvents.reaction({ postId: post, from, reactionType: pick(['like', 'love', 'wow', 'haha']) }),
    ]);
  }
  const signed = signDelivery(config.meta.appSecret, delivery);
  await fetch(`${baseUrl}/webhooks/meta`, { method: 'POST', headers: signed.headers, body: signed.body });
}

/** Posts a simulated delivery every `minutes` (with jitter) until stopped; 0 turns it off. */
export function startDemoSimulator(
  db: Db,
  config: Config,
  baseUrl: string,
  minutes: number,
  log: (e: unknown) => void,
) {
  if (!config.demoMode || minutes <= 0) return () => {};
  let timer: NodeJS.Timeout | null = null;
  const schedule = () => {
    timer = setTimeout(
      () => {
        simulateOnce(db, config, baseUrl).catch(log).finally(schedule);
      },
      minutes * 60_000 * (0.5 + Math.random()),
    );
    timer.unref();
  };
  schedule();
  return () => {
    if (timer) clearTimeout(timer);
  };
}
