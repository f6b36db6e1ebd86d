import { Button, Progress, Tooltip } from 'antd';
import {
  ClockCircleOutlined,
  CommentOutlined,
  InfoCircleOutlined,
  MessageOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { EChartsOption } from 'echarts';
import { sourceTitle } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { reportingApi, type ReputationScore } from '../reporting/api';
import { Chart, COLORS } from '../reporting/Chart';
import { gaugeOption, volumeRatingOption } from '../reporting/charts';
import { Delta, FilterBar, fmt, Kpi, NoData, Panel, periodText } from '../reporting/ui';
import { useReportFilter } from '../reporting/useReportFilter';
import { dashboardKeys } from './queryKeys';

const PART_LABELS: Record<keyof ReputationScore['parts'], string> = {
  rating: 'Rating',
  sentiment: 'Sentiment',
  responseRate: 'Response rate',
  volume: 'Volume',
  recency: 'Recency',
};

function ScoreParts({ parts }: { parts: ReputationScore['parts'] }) {
  return (
    <div className="score-parts" data-testid="score-parts">
      {(Object.keys(PART_LABELS) as (keyof ReputationScore['parts'])[]).map((k) => (
        <div className="score-part" key={k}>
          <span>
            {PART_LABELS[k]} <span className="muted">{Math.round(parts[k].weight * 100)}%</span>
          </span>
          <div className="bar">
            <i style={{ width: `${parts[k].score}%` }} />
          </div>
          <span className="num">{Math.round(parts[k].score)}</span>
        </div>
      ))}
    </div>
  );
}

function sourcesOption(rows: { title: string; reviews: number }[]): EChartsOption {
  const palette = ['#4f46e5', '#0ea5e9', '#f59e0b', '#16a34a', '#a855f7', '#ef4444', '#14b8a6', '#64748b'];
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0, textStyle: { color: '#475569' } },
    series: [
      {
        type: 'pie',
        radius: ['50%', '76%'],
        center: ['50%', '44%'],
        label: { show: false },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        data: rows.map((r, i) => ({
          name: r.title,
          value: r.reviews,
          itemStyle: { color: palette[i % palette.length] },
        })),
      },
    ],
  };
}

/** Reputation at a glance: score, NPS, volume, rating, replies, sources, feedback and premium highlights. */
export default function DashboardPage() {
  const rf = useReportFilter();
  const { filter } = rf;
  const navigate = useNavigate();
  const opts = { placeholderData: keepPreviousData };
  const rep = useQuery({
    queryKey: dashboardKeys.reputation(filter),
    queryFn: ({ signal }) => reportingApi.reputation(filter, signal),
    ...opts,
  });
  const nps = useQuery({
    queryKey: dashboardKeys.nps(filter),
    queryFn: ({ signal }) => reportingApi.nps(filter, signal),
    ...opts,
  });
  const other = useQuery({
    queryKey: dashboardKeys.other(filter),
    queryFn: ({ signal }) => reportingApi.other(filter, signal),
    ...opts,
  });
  const feedback = useQuery({
    queryKey: dashboardKeys.feedback(filter),
    queryFn: ({ signal }) => reportingApi.feedback(filter, signal),
    ...opts,
  });
  const premium = useQuery({
    queryKey: dashboardKeys.premium(filter),
    queryFn: ({ signal }) => reportingApi.premium(filter, signal),
    ...opts,
  });
  const trend = useQuery({
    queryKey: dashboardKeys.trends(filter),
    queryFn: ({ signal }) => reportingApi.trends(filter, signal),
    ...opts,
  });
  const o = other.data;
  const r = rep.data;
  const n = nps.data;
  const p = premium.data;
  return (
    <>
      <PageHeader title="Dashboard" description={`Your reputation at a glance, ${periodText(r?.period)}.`} />
      <FilterBar {...rf} sources={rf.me?.clientSettings.sources ?? []} />
      <div className="grid-2">
        <Panel
          testId="reputation-score"
          title={
            <span>
              Reputation score{' '}
              <Tooltip title={r?.formula} styles={{ root: { maxWidth: 460 } }}>
                <InfoCircleOutlined className="kpi-hint" data-testid="reputation-formula" />
              </Tooltip>
            </span>
          }
          extra={<Delta value={r?.change} digits={0} unit=" pts" />}
        >
          <div className="score-ring">
            <div style={{ width: 200 }}>
              <Chart
                loading={rep.isLoading}
                option={gaugeOption(r?.score ?? null, { min: 0, max: 100, name: 'out of 100' })}
                height={170}
              />
            </div>
            {r && <ScoreParts parts={r.parts} />}
          </div>
        </Panel>
        <Panel
          testId="nps"
          title={
            <span>
              Net Promoter Score{' '}
              <Tooltip title="From the answers on your landing pages: promoters answer 9 or 10 of 10 (or 5 stars), passives 7 or 8 (or 4 stars), detractors the rest. NPS = % promoters − % detractors.">
                <InfoCircleOutlined className="kpi-hint" />
              </Tooltip>
            </span>
          }
          extra={<Delta value={n?.change} digits={0} unit=" pts" />}
        >
          <div className="score-ring">
            <div style={{ width: 200 }}>
              <Chart
                loading={nps.isLoading}
                option={gaugeOption(n?.nps ?? null, {
                  min: -100,
                  max: 100,
                  name: `${n?.responses ?? 0} answers`,
                  color: (n?.nps ?? 0) >= 0 ? COLORS.positive : COLORS.negative,
                })}
                height={170}
              />
            </div>
            <div className="score-parts">
              {n &&
                [
                  ['Promoters', n.promoters, COLORS.positive],
                  ['Passives', n.passives, COLORS.neutral],
                  ['Detractors', n.detractors, COLORS.negative],
                ].map(([label, v, color]) => (
                  <div key={label as string} className="score-part">
                    <span>{label}</span>
                    <Progress
                      aria-label={label as string}
                      percent={n.responses ? Math.round((100 * (v as number)) / n.responses) : 0}
                      showInfo={false}
                      strokeColor={color as string}
                      size="small"
                    />
                    <span className="num">{v}</span>
                  </div>
                ))}
            </div>
          </div>
        </Panel>
      </div>
      <div className="kpi-grid">
        <Kpi
          testId="kpi-reviews"
          icon={<MessageOutlined />}
          title="Reviews"
          loading={other.isLoading}
          value={fmt.int(o?.reviews)}
          delta={<Delta value={o && o.previous_reviews !== null ? o.reviews - o.previous_reviews : null} digits={0} />}
        />
        <Kpi
          testId="kpi-rating"
          icon={<StarOutlined />}
          title="Average rating"
          loading={other.isLoading}
          value={
            <>
              {fmt.rating(o?.average)}
              <small>/ 5</small>
            </>
          }
          delta={
            <Delta
              value={o && o.average !== null && o.previous_average !== null ? o.average - o.previous_average : null}
            />
          }
        />
        <Kpi
          testId="kpi-response-rate"
          icon={<CommentOutlined />}
          title="Response rate"
          loading={other.isLoading}
          value={fmt.pct(o?.response_rate)}
          delta={<span className="muted">{fmt.int(o?.unanswered)} unanswered</span>}
        />
        <Kpi
          testId="kpi-response-time"
          icon={<ClockCircleOutlined />}
          title="Avg. response time"
          loading={other.isLoading}
          value={fmt.hours(o?.avg_response_hours)}
          delta={
            <Delta
              value={
                o && o.avg_response_hours !== null && o.previous_avg_response_hours !== null
                  ? o.avg_response_hours - o.previous_avg_response_hours
                  : null
              }
              digits={1}
              unit=" h"
              inverse
            />
          }
        />
      </div>
      <div className="grid-3-1">
        <Panel
          title="Reviews and rating"
          testId="dash-trend"
          extra={
            <Button type="link" onClick={() => navigate('/reporting/trends')}>
              Trends
            </Button>
          }
        >
          {trend.isLoading ? (
            <Chart option={{}} loading />
          ) : trend.data?.points.some((x) => x.reviews) ? (
            <Chart
              option={volumeRatingOption(trend.data.points, trend.data.previous_points, trend.data.interval)}
              height={280}
            />
          ) : (
            <NoData />
          )}
        </Panel>
        <Panel title="Sources" testId="dash-sources">
          {other.isLoading ? (
            <Chart option={{}} loading />
          ) : o?.sources.length ? (
            <Chart option={sourcesOption(o.sources)} height={280} />
          ) : (
            <NoData />
          )}
        </Panel>
      </div>
      <div className="grid-2">
        <Panel
          title="Latest feedback"
          testId="dash-feedback"
          extra={
            <span className="muted">
              {feedback.data ? `${feedback.data.reviews} in period · ${fmt.rating(feedback.data.average)} ★` : ''}
            </span>
          }
        >
          {feedback.data?.latest.length ? (
            feedback.data.latest.map((f) => (
              <div className="feedback-item" key={f.id}>
                <div className="meta">
                  <b style={{ color: '#0f172a' }}>{f.author_name ?? 'Guest'}</b> · {'★'.repeat(f.rating ?? 0)}
                  <span style={{ color: '#cbd5e1' }}>{'★'.repeat(5 - (f.rating ?? 0))}</span> ·{' '}
                  {f.location ?? sourceTitle(f.source)} · {dayjs(f.created_at).format('MMM D')}
                  {!f.responded && <span style={{ color: COLORS.negative }}> · unanswered</span>}
                </div>
                {f.text && <div className="text">{f.text.length > 180 ? `${f.text.slice(0, 180)}…` : f.text}</div>}
              </div>
            ))
          ) : feedback.isLoading ? (
            <Chart option={{}} loading height={160} />
          ) : (
            <NoData text="No first-party feedback in this period." />
          )}
        </Panel>
        <Panel title="Highlights" testId="dash-premium">
          {p?.topics && (
            <>
              <div className="muted" style={{ marginBottom: 6 }}>
                Praised most
              </div>
              {p.topics.praised.map((t) => (
                <div className="topic-chip" key={`p-${t.key}`}>
                  <span>{t.title}</span>
                  <b style={{ color: COLORS.positiveText }}>{fmt.score(t.sentiment_score)}</b>
                </div>
              ))}
              <div className="muted" style={{ margin: '10px 0 6px' }}>
                Criticised most
              </div>
              {p.topics.criticised.map((t) => (
                <div className="topic-chip" key={`c-${t.key}`}>
                  <span>{t.title}</span>
                  <b style={{ color: COLORS.negative }}>{fmt.score(t.sentiment_score)}</b>
                </div>
              ))}
            </>
          )}
          {p?.competitors && p.competitors.locations > 0 && (
            <div className="topic-chip" style={{ marginTop: 10 }}>
              <span>
                Against competitors: ahead at {p.competitors.ahead}, behind at {p.competitors.behind} of{' '}
                {p.competitors.locations} locations
              </span>
              <b className={(p.competitors.gap ?? 0) >= 0 ? 'gap-pos' : 'gap-neg'}>{fmt.score(p.competitors.gap)}</b>
            </div>
          )}
          {p && !p.topics && !p.competitors && (
            <NoData text="Insights Report and Competitor Benchmarking add highlights here." />
          )}
          {!p && <Chart option={{}} loading height={160} />}
        </Panel>
      </div>
    </>
  );
}
