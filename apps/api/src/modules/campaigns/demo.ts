import type { Config } from '../../config';
import { startFakeTwilio, type FakeTwilio } from '../../connectors/sms/fake';

/**
 * The demo without a Twilio account: a local fake Messages API answers SMS campaigns (and calls
 * their status callbacks back), as the Google and Graph fakes answer the demo's sources.
 */
export async function startDemoSms(config: Config): Promise<{ config: Config; fake: FakeTwilio | null }> {
  if (!config.demoMode || config.twilio) return { config, fake: null };
  const fake = await startFakeTwilio();
  return {
    config: {
      ...config,
      twilio: {
        baseUrl: fake.url,
        accountSid: fake.accountSid,
        authToken: fake.authToken,
        from: '+15005550006',
        timeoutMs: 5000,
        retryMs: 500,
      },
    },
    fake,
  };
}
