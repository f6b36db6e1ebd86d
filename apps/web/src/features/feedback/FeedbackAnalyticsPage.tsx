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
import { PageHeader } from '../../app/ui/PageHeader';
import { Table } from '../../app/ui/ResponsiveTable';
import { Chart } from '../reporting/Chart';
import { gaugeOption } from '../reporting/charts';
import { ExportButton, FilterBar, fmt, Kpi, NoData, Panel, periodText } from '../reporting/ui';
import { useReportFilter } from '../reporting/useReportFilter';
import { CampaignComparison } from './campaigns/CampaignComparison';
import { feedbackApi, feedbackKeys, type Figures, type LandingStatistics } from './api';
import { categoriesOption, distributionOption, npsTrendOption } from './charts';
import './feedback.css';

type PlaceRow = LandingStatistics['locations'][number];

function npsColor(nps: number | null): string {
  if (nps === null) return '#94a3b8';
  return nps >= 30 ? '#16a34a' : nps >= 0 ? '#f59e0b' : '#dc2626';
}

/** The NPS as signed bold text in a colour that reads at AA on white: green from +30, amber from 0, red below. */
function NpsTag({ value }: { value: number | null }) {
  if (value === null) return <span className="muted">—</span>;
  const tone = value >= 30 ? 'good' : value >= 0 ? 'fair' : 'poor';
  return <span className={`fb-nps fb-nps-${tone}`}>{value > 0 ? `+${value}` : value}</span>;
}

function ClickList({ clicks }: { clicks: Record<string, number> }) {
  const entries = Object.entries(clicks).sort((a, b) => b[1] - a[1]);
  if (!entries.length) return <span className="muted">—</span>;
  return (
    <span className="fb-clicks">
      {entries.map(([s, n]) => (
        <Tag key={s}>
          {sourceTitle(s)} {n}
        </Tag>
      ))}
    </span>
  );
}

/** The figure columns every statistics table shares. */
function figureColumns<T extends Figures>(): TableColumnsType<T> {
  return [
    { title: 'Answers', dataIndex: 'responses', align: 'right', sorter: (a, b) => a.responses - b.responses },
    { title: 'Avg. rating', key: 'avg', align: 'right', render: (_, r) => fmt.rating(r.average_rating) },
    {
      title: 'NPS',
      key: 'nps',
      align: 'right',
      sorter: (a, b) => (a.nps ?? -101) - (b.nps ?? -101),
      render: (_, r) => <NpsTag value={r.nps} />,
    },
    {
      title: 'Promoters / passives / detractors',
      key: 'split',
      render: (_, r) => `${r.promoters} / ${r.passives} / ${r.detractors}`,
    },
    { title: 'Public clicks', key: 'clicks', render: (_, r) => <ClickList clicks={r.clicks_by_source} /> },
    { title: 'Private feedback', dataIndex: 'private_feedback', align: 'right' },
  ];
}

/** /feedback/analytics: NPS and its trend, promoters and detractors, ratings, by location and brand, with the Excel export. */
export default function FeedbackAnalyticsPage() {
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
  const t = s?.totals;
  const loading = stats.isLoading;
  const shownScale =
    s &&
    scale === 'stars' &&
    !Object.values(s.distribution.stars).some(Boolean) &&
    Object.values(s.distribution.nps).some(Boolean)
      ? 'nps'
      : scale;
  const pct = (n: number | undefined) => (t?.responses ? `${Math.round(((n ?? 0) / t.responses) * 100)}%` : '—');

  return (
    <div className="fb-page">
      <PageHeader
        title="Feedback Analytics"
        description={`What customers answered on your landing pages, ${periodText(nps.data?.period)}.`}
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
        <Panel title="Net Promoter Score" testId="nps-gauge">
          {loading ? (
            <Chart option={{}} loading height={200} />
          ) : (
            <>
              <Chart
                option={gaugeOption(t?.nps ?? null, {
                  min: -100,
                  max: 100,
                  name: 'NPS',
                  color: npsColor(t?.nps ?? null),
                })}
                height={200}
              />
              <div className="fb-nps-note">
                {nps.data?.previous_nps !== null && nps.data?.previous_nps !== undefined
                  ? `Previous period: ${nps.data.previous_nps}`
                  : 'No answers in the previous period'}
              </div>
            </>
          )}
        </Panel>
        <div className="fb-kpis">
          <Kpi
            testId="kpi-answers"
            icon={<TeamOutlined />}
            title="Answers"
            loading={loading}
            value={fmt.int(t?.responses)}
          />
          <Kpi
            testId="kpi-promoters"
            icon={<LikeOutlined />}
            title="Promoters"
            hint="9 or 10 of 10, or 5 stars"
            loading={loading}
            value={pct(t?.promoters)}
            delta={<span className="muted">{t ? `${t.passives} passives · ${t.detractors} detractors` : ''}</span>}
          />
          <Kpi
            testId="kpi-detractors"
            icon={<DislikeOutlined />}
            title="Detractors"
            hint="0 to 6 of 10, or 1 to 3 stars"
            loading={loading}
            value={pct(t?.detractors)}
            delta={<span className="muted">{t ? `${t.detractors} of ${t.responses} answers` : ''}</span>}
          />
          <Kpi
            testId="kpi-landing-rating"
            icon={<StarOutlined />}
            title="Average rating"
            hint="0 to 10 answers read as stars: 9-10 is 5, 7-8 is 4, 5-6 is 3, 3-4 is 2, 0-2 is 1"
            loading={loading}
            value={
              <>
                {fmt.rating(t?.average_rating)}
                <small>/ 5</small>
              </>
            }
          />
          <Kpi
            testId="kpi-public-clicks"
            icon={<LinkOutlined />}
            title="Went to a review site"
            loading={loading}
            value={fmt.int(t?.public_clicks)}
            delta={<span className="muted">{pct(t?.public_clicks)} of answers</span>}
          />
          <Kpi
            testId="kpi-private"
            icon={<MessageOutlined />}
            title="Private feedback"
            loading={loading}
            value={fmt.int(t?.private_feedback)}
            delta={<span className="muted">{pct(t?.private_feedback)} of answers</span>}
          />
        </div>
      </div>
      <Panel title="NPS and answers by month" testId="chart-nps-trend">
        {s && s.months.length ? (
          <Chart option={npsTrendOption(s.months)} height={300} />
        ) : loading ? (
          <Chart option={{}} loading />
        ) : (
          <NoData text="No answers in this period for the chosen places." />
        )}
      </Panel>
      <div className="grid-2">
        <Panel
          title="Rating distribution"
          testId="chart-distribution"
          extra={
            <Segmented
              size="small"
              value={shownScale}
              onChange={(v) => setScale(v as 'stars' | 'nps')}
              options={[
                { value: 'stars', label: 'Stars' },
                { value: 'nps', label: '0 to 10' },
              ]}
            />
          }
        >
          {s ? (
            <Chart option={distributionOption(s.distribution[shownScale], shownScale)} height={260} />
          ) : (
            <Chart option={{}} loading />
          )}
        </Panel>
        <Panel title="Promoters, passives and detractors by brand" testId="chart-brands">
          {s && s.brands.length ? (
            <Chart option={categoriesOption(s.brands.map((b) => ({ label: b.title, figures: b })))} height={260} />
          ) : loading ? (
            <Chart option={{}} loading />
          ) : (
            <NoData text="No answers in this period for the chosen places." />
          )}
        </Panel>
      </div>
      <CampaignComparison />
      <Panel title="By location" testId="landing-statistics-table">
        <Table<PlaceRow>
          rowKey={(r) => `${r.kind}-${r.location_id ?? r.brand_id}`}
          size="middle"
          loading={loading}
          dataSource={s?.locations ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            {
              title: 'Location or brand page',
              key: 'title',
              render: (_, r) => (
                <div>
                  <div className="fb-title">{r.title}</div>
                  <div className="fb-sub">
                    {r.kind === 'brand' ? (
                      <Tooltip title="Answers on the brand's own page">Brand page</Tooltip>
                    ) : (
                      r.brand_title
                    )}
                  </div>
                </div>
              ),
            },
            ...figureColumns<PlaceRow>(),
          ]}
        />
      </Panel>
      <Panel title="By brand" testId="landing-brands-table">
        <Table<LandingStatistics['brands'][number]>
          rowKey="brand_id"
          size="middle"
          loading={loading}
          dataSource={s?.brands ?? []}
          pagination={false}
          columns={[{ title: 'Brand', dataIndex: 'title' }, ...figureColumns<LandingStatistics['brands'][number]>()]}
        />
      </Panel>
    </div>
  );
}
