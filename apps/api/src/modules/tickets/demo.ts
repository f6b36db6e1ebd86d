import type { Config } from '../../config';
import { startFakeJira, type FakeJira } from '../../connectors/jira/fake';
import { startFakeZendesk, type FakeZendesk } from '../../connectors/zendesk/fake';

/** The credentials the demo's fakes accept (any subdomain or site): Settings › Third-party login › Connect. */
export const DEMO_ZENDESK = { email: 'agent@reputo.test', token: 'demo-zendesk-token' };
export const DEMO_JIRA = { email: 'jira@reputo.test', token: 'demo-jira-token' };

/**
 * The demo without ZENDESK_BASE_URL / JIRA_BASE_URL: local fakes of Zendesk's and Jira's APIs answer
 * every company's calls, as the Google, Graph and Twilio fakes do for theirs. Connecting, creating
 * tickets and issues and reading their statuses go through the real code.
 */
export async function startDemoTicketing(
  config: Config,
): Promise<{ config: Config; close: () => Promise<void>; zendesk: FakeZendesk | null; jira: FakeJira | null }> {
  if (!config.demoMode) return { config, close: async () => {}, zendesk: null, jira: null };
  const zendesk = config.tickets.zendeskBaseUrl ? null : await startFakeZendesk(DEMO_ZENDESK);
  const jira = config.tickets.jiraBaseUrl ? null : await startFakeJira(DEMO_JIRA);
  return {
    config: {
      ...config,
      tickets: {
        ...config.tickets,
        zendeskBaseUrl: zendesk?.url ?? config.tickets.zendeskBaseUrl,
        jiraBaseUrl: jira?.url ?? config.tickets.jiraBaseUrl,
      },
    },
    close: async () => {
      await zendesk?.close();
      await jira?.close();
    },
    zendesk,
    jira,
  };
}
