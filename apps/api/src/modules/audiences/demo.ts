import type { Config } from '../../config';
import { startFakeActiveCampaign, type FakeActiveCampaign } from '../../connectors/activecampaign/fake';
import { startFakeMailchimp, type FakeMailchimp } from '../../connectors/mailchimp/fake';

/** The credentials the demo's fakes accept (any account URL): Settings › Third-party login › Connect. */
export const DEMO_MAILCHIMP = { apiKey: 'demo0mailchimp0key0123456789abcd-us1' };
export const DEMO_ACTIVECAMPAIGN = { token: 'demo-activecampaign-token' };

/**
 * The demo without MAILCHIMP_BASE_URL / ACTIVECAMPAIGN_BASE_URL: local fakes of Mailchimp's and
 * ActiveCampaign's APIs answer every company's calls. Connecting, picking audiences and lists and
 * syncing contacts go through the real code.
 */
export async function startDemoAudiences(config: Config): Promise<{
  config: Config;
  close: () => Promise<void>;
  mailchimp: FakeMailchimp | null;
  activeCampaign: FakeActiveCampaign | null;
}> {
  if (!config.demoMode) return { config, close: async () => {}, mailchimp: null, activeCampaign: null };
  const mailchimp = config.audiences.mailchimpBaseUrl ? null : await startFakeMailchimp(DEMO_MAILCHIMP);
  const activeCampaign = config.audiences.activeCampaignBaseUrl
    ? null
    : await startFakeActiveCampaign(DEMO_ACTIVECAMPAIGN);
  return {
    config: {
      ...config,
      audiences: {
        ...config.audiences,
        mailchimpBaseUrl: mailchimp?.url ?? config.audiences.mailchimpBaseUrl,
        activeCampaignBaseUrl: activeCampaign?.url ?? config.audiences.activeCampaignBaseUrl,
      },
    },
    close: async () => {
      await mailchimp?.close();
      await activeCampaign?.close();
    },
    mailchimp,
    activeCampaign,
  };
}
