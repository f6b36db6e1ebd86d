import type { Config } from '../../../config';
import { startFakeTwitter, type FakeTwitter } from '../../../connectors/twitter/fake';

/**
 * The demo without TWITTER_API_URL: a local fake of Twitter's API (connectors/twitter/fake.ts) answers
 * connecting (its consent page signs in @reputo_cafe), the Account Activity webhook (its CRC check
 * reaches this server at PUBLIC_URL) and the replies sent from Messages, all through the real code.
 * Without app keys the fake's are used.
 */
export async function startDemoTwitter(config: Config): Promise<{ config: Config; fake: FakeTwitter | null }> {
  if (!config.demoMode || config.twitter.apiUrlGiven) return { config, fake: null };
  const fake = await startFakeTwitter({
    consumerKey: config.twitter.consumerKey,
    consumerSecret: config.twitter.consumerSecret,
    env: config.twitter.activityEnv,
  });
  return {
    config: {
      ...config,
      twitter: {
        ...config.twitter,
        apiUrl: fake.url,
        consumerKey: fake.consumerKey,
        consumerSecret: fake.consumerSecret,
      },
    },
    fake,
  };
}
