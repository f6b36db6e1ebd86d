import { lazy, Suspense, useMemo } from 'react';
import { Card, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { EChartsOption } from 'echarts';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../i18n/format';
import { campaignKeys, campaignsApi, type Funnel } from './api';
import './campaigns.css';

// The reporting pages' chart module, loaded only when a funnel is on screen.
const Chart = lazy(() => import('../../reporting/Chart').then((m) => ({ default: m.Chart })));

const STEP_COLORS: Record<string, string> = {
  sent: '#4f46e5',
  delivered: '#6366f1',
  opened: '#818cf8',
  clicked: '#0ea5e9',
  rated: '#f59e0b',
  reviewed: '#16a34a',
  feedback: '#db2777',
};

/** Horizontal bars from sent down to reviews and private feedback, each with its share of those sent. */
export function funnelOption(funnel: Funnel, t: TFunction): EChartsOption {
  const steps = [...funnel.steps].reverse();
  const sent = funnel.steps[0]?.count ?? 0;
  const share = (n: number) =>
    sent ? formatNumber(Math.round((n / sent) * 1000) / 1000, { style: 'percent', maximumFractionDigits: 1 }) : '–';
  const label = (s: Funnel['steps'][number]) => t(`campaigns.funnel.${s.key}`, { defaultValue: s.label });
  // Written left to right: Chart mirrors it for a right-to-left reader (bars grow leftwards, figures on their left).
  return {
    grid: { left: 8, right: 72, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const d = p as unknown as { name: string; value: number };
        return `${d.name}: ${formatNumber(d.value)} (${share(d.value)})`;
      },
    },
    xAxis: { type: 'value', show: false },
    yAxis: {
      type: 'category',
      data: steps.map(label),
      axisTick: { show: false },
      axisLine: { show: false },
      axisLabel: { color: '#334155' },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 26,
        data: steps.map((s) => ({
          value: s.count,
          itemStyle: { color: STEP_COLORS[s.key] ?? '#4f46e5', borderRadius: 4 },
        })),
        label: {
          show: true,
          position: 'right',
          color: '#334155',
          formatter: (p) => `${formatNumber(p.value as number)} · ${share(p.value as number)}`,
        },
      },
    ],
  };
}

/**
 * A campaign's funnel (sent → delivered → opened → clicked → rated → public review or private
 * feedback) as a card; also placed on /feedback/analytics.
 */
export function CampaignFunnelCard({
  campaignId,
  title,
  refetchMs,
}: {
  campaignId: number;
  title?: string;
  refetchMs?: number | false;
}) {
  const { t } = useTranslation('feedback');
  const funnel = useQuery({
    queryKey: campaignKeys.funnel(campaignId),
    queryFn: ({ signal }) => campaignsApi.funnel(campaignId, signal),
    refetchInterval: refetchMs ?? false,
  });
  const option = useMemo(() => (funnel.data ? funnelOption(funnel.data, t) : null), [funnel.data, t]);
  const empty = funnel.data && funnel.data.steps[0]?.count === 0;
  return (
    <Card title={title ?? t('campaigns.funnelDefault')} data-testid="campaign-funnel">
      {empty ? (
        <p className="cp-muted">{t('campaigns.funnelEmpty')}</p>
      ) : (
        <Suspense fallback={<Skeleton active />}>
          {option ? <Chart option={option} height={260} testId="campaign-funnel-chart" /> : <Skeleton active />}
        </Suspense>
      )}
      {funnel.data && (
        <ul className="cp-funnel-list" aria-label={t('campaigns.funnelSteps')}>
          {funnel.data.steps.map((s) => (
            <li key={s.key} data-testid={`funnel-${s.key}`}>
              <span>{t(`campaigns.funnel.${s.key}`, { defaultValue: s.label })}</span>
              <strong>{formatNumber(s.count)}</strong>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
