import { Segmented, Tag, Tooltip, type TableColumnsType } from 'antd';
import {
  DislikeOutlined,
  LikeOutlined,
  LinkOutlined,
  MessageOutlined,
  StarOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sourceTitle } from '@reputo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../i18n/format';
import { PageHeader } from '../../app/ui/PageHeader';
import { Table } from '../../app/ui/ResponsiveTable';
import { Chart } from '../reporting/Chart';
import { gaugeOption } from '../reporting/charts';
import { ExportButton, FilterBar, Kpi, NoData, Panel, periodText } from '../reporting/ui';
import { useReportFilter } from '../reporting/useReportFilter';
import { CampaignComparison } from './campaigns/CampaignComparison';
import { feedbackApi, feedbackKeys, type Figures, type LandingStatistics } from './api';
import { categoriesOption, distributionOption, npsTrendOption } from './charts';
import './feedback.css';

type PlaceRow = LandingStatistics['locations'][number];

/** An average rating with two decimals, in the user's digits. */
const rating = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : formatNumber(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function npsColor(nps: number | null): string {
  if (nps === null) return '#94a3b8';
  return nps >= 30 ? '#16a34a' : nps >= 0 ? '#f59e0b' : '#dc2626';
}

/** The NPS as signed bold text in a colour that reads at AA on white: green from +30, amber from 0, red below. */
const SIGNED: Intl.NumberFormatOptions = { signDisplay: 'exceptZero' };

function NpsTag({ value }: { value: number | null }) {
  if (value === null) return <span className="muted">—</span>;
  const tone = value >= 30 ? 'good' : value >= 0 ? 'fair' : 'poor';
  return (
    <span className={`fb-nps fb-nps-${tone}`} dir="ltr">
      {formatNumber(value, SIGNED)}
    </span>
  );
}

function ClickList({ clicks }: { clicks: Record<string, number> }) {
  const entries = Object.entries(clicks).sort((a, b) => b[1] - a[1]);
  if (!entries.length) return <span className="muted">—</span>;
  return (
    <span className="fb-clicks">
      {entries.map(([s, n]) => (
        <Tag key={s}>
          {sourceTitle(s)} {formatNumber(n)}
        </Tag>
      ))}
    </span>
  );
}

/** The figure columns every statistics table shares. */
function figureColumns<T extends Figures>(t: TFunction): TableColumnsType<T> {
  return [
    {
      title: t('analytics.answers'),
      dataIndex: 'responses',
      align: 'end',
      sorter: (a, b) => a.responses - b.responses,
      render: (v: number) => formatNumber(v),
    },
    { title: t('analytics.avgRating'), key: 'avg', align: 'end', render: (_, r) => rating(r.average_rating) },
    {
      title: 'NPS',
      key: 'nps',
      align: 'end',
      sorter: (a, b) => (a.nps ?? -101) - (b.nps ?? -101),
      render: (_, r) => <NpsTag value={r.nps} />,
    },
    {
      title: t('analytics.split'),
      key: 'split',
      render: (_, r) => [r.promoters, r.passives, r.detractors].map((n) => formatNumber(n)).join(' / '),
    },
    { title: t('analytics.publicClicks'), key: 'clicks', render: (_, r) => <ClickList clicks={r.clicks_by_source} /> },
    {
      title: t('analytics.privateFeedback'),
      dataIndex: 'private_feedback',
      align: 'end',
      render: (v: number) => formatNumber(v),
    },
  ];
}

/** /feedback/analytics: NPS and its trend, promoters and detractors, ratings, by location and brand, with the Excel export. */
export default function FeedbackAnalyticsPage() {
  const { t } = useTranslation('feedback');
  const rf = useReportFilter();
  const { filter } = rf;
  const [scale, setScale] = useState<'stars' | 'nps'>('stars');
  const stats = useQuery({
    queryKey: feedbackKeys.statistics(filter),
    queryFn: ({ signal }) => feedbackApi.statistics(filter, signal),
    placeholderData: keepPreviousData,
  });
  const nps = useQuery({
    queryKey: feedbackKeys.nps(filter),
    queryFn: ({ signal }) => feedbackApi.nps(filter, signal),
    placeholderData: keepPreviousData,
  });
  const s = stats.data;
  const tot = s?.totals;
  const loading = stats.isLoading;
  const shownScale =
    s &&
    scale === 'stars' &&
    !Object.values(s.distribution.stars).some(Boolean) &&
    Object.values(s.distribution.nps).some(Boolean)
      ? 'nps'
      : scale;
  const pct = (n: number | undefined) =>
    tot?.responses ? formatNumber(Math.round(((n ?? 0) / tot.responses) * 100) / 100, { style: 'percent' }) : '—';

  return (
    <div className="fb-page">
      <PageHeader
        title={t('analytics.title')}
        description={t('analytics.description', { period: periodText(nps.data?.period) })}
      />
      <FilterBar
        {...rf}
        sources={[]}
        hideSources
        extra={
          <ExportButton testId="export-landing-statistics" onClick={() => void feedbackApi.exportStatistics(filter)} />
        }
      />
      <div className="fb-top">
        <Panel title={t('analytics.nps')} testId="nps-gauge">
          {loading ? (
            <Chart option={{}} loading height={200} />
          ) : (
            <>
              <Chart
                option={gaugeOption(tot?.nps ?? null, {
                  min: -100,
                  max: 100,
                  name: 'NPS',
                  color: npsColor(tot?.nps ?? null),
                })}
                height={200}
              />
              <div className="fb-nps-note">
                {nps.data?.previous_nps !== null && nps.data?.previous_nps !== undefined
                  ? t('analytics.previousNps', { nps: formatNumber(nps.data.previous_nps) })
                  : t('analytics.noPrevious')}
              </div>
            </>
          )}
        </Panel>
        <div className="fb-kpis">
          <Kpi
            testId="kpi-answers"
            icon={<TeamOutlined />}
            title={t('analytics.answers')}
            loading={loading}
            value={tot ? formatNumber(tot.responses) : '—'}
          />
          <Kpi
            testId="kpi-promoters"
            icon={<LikeOutlined />}
            title={t('analytics.promoters')}
            hint={t('analytics.promotersHint')}
            loading={loading}
            value={pct(tot?.promoters)}
            delta={
              <span className="muted">
                {tot
                  ? `${t('analytics.passivesCount', { count: tot.passives, n: formatNumber(tot.passives) })} · ${t('analytics.detractorsCount', { count: tot.detractors, n: formatNumber(tot.detractors) })}`
                  : ''}
              </span>
            }
          />
          <Kpi
            testId="kpi-detractors"
            icon={<DislikeOutlined />}
            title={t('analytics.detractors')}
            hint={t('analytics.detractorsHint')}
            loading={loading}
            value={pct(tot?.detractors)}
            delta={
              <span className="muted">
                {tot
                  ? t('analytics.ofAnswers', {
                      count: tot.responses,
                      part: formatNumber(tot.detractors),
                      n: formatNumber(tot.responses),
                    })
                  : ''}
              </span>
            }
          />
          <Kpi
            testId="kpi-landing-rating"
            icon={<StarOutlined />}
            title={t('analytics.averageRating')}
            hint={t('analytics.averageHint')}
            loading={loading}
            value={
              <>
                {rating(tot?.average_rating)}
                <small>/ {formatNumber(5)}</small>
              </>
            }
          />
          <Kpi
            testId="kpi-public-clicks"
            icon={<LinkOutlined />}
            title={t('analytics.wentToSite')}
            loading={loading}
            value={tot ? formatNumber(tot.public_clicks) : '—'}
            delta={<span className="muted">{t('analytics.shareOfAnswers', { pct: pct(tot?.public_clicks) })}</span>}
          />
          <Kpi
            testId="kpi-private"
            icon={<MessageOutlined />}
            title={t('analytics.privateFeedback')}
            loading={loading}
            value={tot ? formatNumber(tot.private_feedback) : '—'}
            delta={<span className="muted">{t('analytics.shareOfAnswers', { pct: pct(tot?.private_feedback) })}</span>}
          />
        </div>
      </div>
      <Panel title={t('analytics.trend')} testId="chart-nps-trend">
        {s && s.months.length ? (
          <Chart option={npsTrendOption(s.months, t)} height={300} />
        ) : loading ? (
          <Chart option={{}} loading />
        ) : (
          <NoData text={t('analytics.noAnswers')} />
        )}
      </Panel>
      <div className="grid-2">
        <Panel
          title={t('analytics.distribution')}
          testId="chart-distribution"
          extra={
            <Segmented
              size="small"
              value={shownScale}
              onChange={(v) => setScale(v as 'stars' | 'nps')}
              options={[
                { value: 'stars', label: t('analytics.stars') },
                { value: 'nps', label: t('analytics.zeroToTen') },
              ]}
            />
          }
        >
          {s ? (
            <Chart option={distributionOption(s.distribution[shownScale], shownScale, t)} height={260} />
          ) : (
            <Chart option={{}} loading />
          )}
        </Panel>
        <Panel title={t('analytics.byBrandChart')} testId="chart-brands">
          {s && s.brands.length ? (
            <Chart
              option={categoriesOption(
                s.brands.map((b) => ({ label: b.title, figures: b })),
                t,
              )}
              height={260}
            />
          ) : loading ? (
            <Chart option={{}} loading />
          ) : (
            <NoData text={t('analytics.noAnswers')} />
          )}
        </Panel>
      </div>
      <CampaignComparison />
      <Panel title={t('analytics.byLocation')} testId="landing-statistics-table">
        <Table<PlaceRow>
          rowKey={(r) => `${r.kind}-${r.location_id ?? r.brand_id}`}
          size="middle"
          loading={loading}
          dataSource={s?.locations ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            {
              title: t('analytics.locationOrBrand'),
              key: 'title',
              render: (_, r) => (
                <div>
                  <div className="fb-title" dir="auto">
                    {r.title}
                  </div>
                  <div className="fb-sub">
                    {r.kind === 'brand' ? (
                      <Tooltip title={t('analytics.brandPageHint')}>{t('analytics.brandPage')}</Tooltip>
                    ) : (
                      r.brand_title
                    )}
                  </div>
                </div>
              ),
            },
            ...figureColumns<PlaceRow>(t),
          ]}
        />
      </Panel>
      <Panel title={t('analytics.byBrand')} testId="landing-brands-table">
        <Table<LandingStatistics['brands'][number]>
          rowKey="brand_id"
          size="middle"
          loading={loading}
          dataSource={s?.brands ?? []}
          pagination={false}
          columns={[
            { title: t('analytics.brand'), dataIndex: 'title', render: (v: string) => <span dir="auto">{v}</span> },
            ...figureColumns<LandingStatistics['brands'][number]>(t),
          ]}
        />
      </Panel>
    </div>
  );
}
