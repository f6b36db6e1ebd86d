import type { TFunction } from 'i18next';
import { formatNumber } from './format';

// System health's server texts in the interface language. The API answers its services and its
// reasons in English sentences (they are also its log lines); the screen shows them from the
// catalogue by the service's key and the reason's pattern, the server's text when it is new to us.

type T = TFunction<'admin'>;

interface Service {
  key: string;
  title: string;
  state: string;
  detail: string;
}

export const serviceTitle = (t: T, s: Service) => t(`health.services.${s.key}.title`, { defaultValue: s.title });

export const serviceState = (t: T, state: string) =>
  t(`health.state.${state === 'not configured' ? 'notConfigured' : state}`, { defaultValue: state });

export function serviceDetail(t: T, s: Service, mail: { retrying: number; failedLastDay: number } | undefined): string {
  const off = s.state === 'not configured';
  switch (s.key) {
    case 'mail':
      return off
        ? t('health.services.mail.off')
        : t('health.services.mail.on', {
            retrying: formatNumber(mail?.retrying ?? 0),
            failed: formatNumber(mail?.failedLastDay ?? 0),
          });
    case 'translation':
      return off ? t('health.services.translation.off') : t('health.services.translation.on');
    case 'ai': {
      if (off) return t('health.services.ai.off');
      const model = /model (.+)$/.exec(s.detail)?.[1];
      return model ? t('health.services.ai.on', { model }) : s.detail;
    }
    case 'realtime':
      return s.detail === 'Pusher Channels' ? s.detail : t('health.services.realtime.embedded');
    default:
      return s.detail;
  }
}

/** The server's reasons for 'Needs attention', by their English pattern; the numbers become parameters. */
const REASONS: [RegExp, string, string[]][] = [
  [/^The database answered in (\d+) ms \(over (\d+) ms\)\.$/, 'db', ['ms', 'limit']],
  [/^(\d+) background job\(s\) failed their last attempt in the last 24 hours\.$/, 'deadJobs', ['number']],
  [/^(\d+) mail\(s\) could not be delivered yet and will be retried\.$/, 'mailRetrying', ['number']],
  [/^(\d+) mail\(s\) could not be delivered after every retry in the last 24 hours\.$/, 'mailFailed', ['number']],
  [/^(\d+) jobs are waiting to run\.$/, 'due', ['number']],
  [/^(\d+) server error\(s\) in the last hour\.$/, 'errors', ['number']],
  [/^API p95 latency is over (\d+) ms in the last hour\.$/, 'p95', ['limit']],
  [/^(\d+) source\(s\) have not synced for over (\d+) hours at some company\.$/, 'stale', ['number', 'hours']],
  [/^(\d+) review source connection\(s\) need to be connected again\.$/, 'reconnect', ['number']],
  [/^The last review sync failed for (\d+) location\(s\)\.$/, 'failing', ['number']],
  [/^(\d+) location review sync\(s\) are over an hour late\.$/, 'overdue', ['number']],
];

export function reasonText(t: T, reason: string): string {
  for (const [pattern, key, names] of REASONS) {
    const match = pattern.exec(reason);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, formatNumber(Number(match[i + 1]))]));
    return t(`health.reasons.${key}`, params);
  }
  return reason;
}

/**
 * A background job's name (`reviews.import`, `webhooks.meta.retry`) as the screen shows it: the
 * catalogue's title by name, the incoming webhooks of a provider by pattern, else the name itself.
 */
export function jobTitle(t: T, name: string): string {
  const key = `health.jobs.${name.replaceAll('.', '_')}`;
  const known = t(key, { defaultValue: '' });
  if (known) return known;
  const inbound = /^webhooks\.([a-z]+)(\.retry)?$/.exec(name);
  if (!inbound) return name;
  const provider = inbound[1]![0]!.toUpperCase() + inbound[1]!.slice(1);
  return t(inbound[2] ? 'health.jobs.inboundRetry' : 'health.jobs.inbound', { provider });
}
