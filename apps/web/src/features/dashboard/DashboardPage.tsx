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
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { EChartsOption } from 'echarts';
import { sourceTitle } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { formatDate, formatNumber } from '../../i18n/format';
import { currentLanguage } from '../../i18n/i18n';
import { reportingApi, type ReputationScore } from '../reporting/api';
import { Chart, COLORS } from '../reporting/Chart';
import { gaugeOption, volumeRatingOption } from '../reporting/charts';
import { Delta, FilterBar, fmt, Kpi, NoData, Panel, periodText } from '../reporting/ui';
import { gapClass } from '../reporting/display';
import { useReportFilter } from '../reporting/useReportFilter';
import { dashboardKeys } from './queryKeys';

const PARTS: (keyof ReputationScore['parts'])[] = ['rating', 'sentiment', 'responseRate', 'volume', 'recency'];

const PERCENT: Intl.NumberFormatOptions = { style: 'percent' };
const DAY_MONTH: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

/** A feedback's day: as before in English (dayjs), by Intl with the user's digits in other languages. */
function feedbackDay(value: string): string {
  return currentLanguage() === 'en' ? dayjs(value).format('MMM D') : formatDate(value, DAY_MONTH);
}

function ScoreParts({ parts }: { parts: ReputationScore['parts'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="score-parts" data-testid="score-parts">
      {PARTS.map((k) => (
        <div className="score-part" key={k}>
          <span>
            {t(`score.parts.${k}`)}{' '}
            <span className="muted">{formatNumber(Math.round(parts[k].weight * 100) / 100, PERCENT)}</span>
          </span>
          <div className="bar">
            <i style={{ width: `${parts[k].score}%` }} />
          </div>
          <span className="num">{formatNumber(Math.round(parts[k].score))}</span>
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
  const { t } = useTranslation('dashboard');
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
    queryKey: dashboardKeys.premium(filter, currentLanguage()),
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
      <PageHeader title={t('title')} description={t('description', { period: periodText(r?.period) })} />
      <FilterBar {...rf} sources={rf.me?.clientSettings.sources ?? []} />
      <div className="grid-2">
        <Panel
          testId="reputation-score"
          title={
            <span>
              {t('score.title')}{' '}
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
                option={gaugeOption(r?.score ?? null, {
                  min: 0,
                  max: 100,
                  name: t('score.outOf', { max: formatNumber(100) }),
                })}
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
              {t('nps.title')}{' '}
              <Tooltip title={t('nps.hint')}>
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
                  name: t('nps.answers', { count: n?.responses ?? 0, formatted: formatNumber(n?.responses ?? 0) }),
                  color: (n?.nps ?? 0) >= 0 ? COLORS.positive : COLORS.negative,
                })}
                height={170}
              />
            </div>
            <div className="score-parts">
              {n &&
                [
                  [t('nps.promoters'), n.promoters, COLORS.positive],
                  [t('nps.passives'), n.passives, COLORS.neutral],
                  [t('nps.detractors'), n.detractors, COLORS.negative],
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
                    <span className="num">{formatNumber(v as number)}</span>
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
          title={t('kpi.reviews')}
          loading={other.isLoading}
          value={fmt.int(o?.reviews)}
          delta={<Delta value={o && o.previous_reviews !== null ? o.reviews - o.previous_reviews : null} digits={0} />}
        />
        <Kpi
          testId="kpi-rating"
          icon={<StarOutlined />}
          title={t('kpi.averageRating')}
          loading={other.isLoading}
          value={
            <>
              {fmt.rating(o?.average)}
              <small>/ {formatNumber(5)}</small>
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
          title={t('kpi.responseRate')}
          loading={other.isLoading}
          value={fmt.pct(o?.response_rate)}
          delta={
            <span className="muted">
              {t('kpi.unanswered', { count: o?.unanswered ?? 0, formatted: fmt.int(o?.unanswered) })}
            </span>
          }
        />
        <Kpi
          testId="kpi-response-time"
          icon={<ClockCircleOutlined />}
          title={t('kpi.responseTime')}
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
          title={t('trend.title')}
          testId="dash-trend"
          extra={
            <Button type="link" onClick={() => navigate('/reporting/trends')}>
              {t('trend.link')}
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
        <Panel title={t('sources.title')} testId="dash-sources">
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
          title={t('feedback.title')}
          testId="dash-feedback"
          extra={
            <span className="muted">
              {feedback.data
                ? t('feedback.summary', {
                    count: feedback.data.reviews,
                    formatted: fmt.int(feedback.data.reviews),
                    average: fmt.rating(feedback.data.average),
                  })
                : ''}
            </span>
          }
        >
          {feedback.data?.latest.length ? (
            feedback.data.latest.map((f) => (
              <div className="feedback-item" key={f.id}>
                <div className="meta">
                  {f.author_name ? (
                    <b style={{ color: '#0f172a' }} dir="auto">
                      {f.author_name}
                    </b>
                  ) : (
                    <b style={{ color: '#0f172a' }}>{t('feedback.guest')}</b>
                  )}{' '}
                  · {'★'.repeat(f.rating ?? 0)}
                  <span style={{ color: '#cbd5e1' }}>{'★'.repeat(5 - (f.rating ?? 0))}</span> ·{' '}
                  <bdi dir="auto">{f.location ?? sourceTitle(f.source)}</bdi> · {feedbackDay(f.created_at)}
                  {!f.responded && <span style={{ color: COLORS.negative }}> · {t('feedback.unanswered')}</span>}
                </div>
                {f.text && (
                  <div className="text" dir="auto">
                    {f.text.length > 180 ? `${f.text.slice(0, 180)}…` : f.text}
                  </div>
                )}
              </div>
            ))
          ) : feedback.isLoading ? (
            <Chart option={{}} loading height={160} />
          ) : (
            <NoData text={t('feedback.empty')} />
          )}
        </Panel>
        <Panel title={t('highlights.title')} testId="dash-premium">
          {p?.topics && (
            <>
              <div className="muted" style={{ marginBottom: 6 }}>
                {t('highlights.praised')}
              </div>
              {p.topics.praised.length === 0 && <div className="muted">{t('highlights.nonePraised')}</div>}
              {p.topics.praised.map((topic) => (
                <div className="topic-chip" key={`p-${topic.key}`}>
                  <span dir="auto">{topic.title}</span>
                  <b style={{ color: COLORS.positiveText }}>{fmt.score(topic.sentiment_score)}</b>
                </div>
              ))}
              <div className="muted" style={{ margin: '10px 0 6px' }}>
                {t('highlights.criticised')}
              </div>
              {p.topics.criticised.length === 0 && <div className="muted">{t('highlights.noneCriticised')}</div>}
              {p.topics.criticised.map((topic) => (
                <div className="topic-chip" key={`c-${topic.key}`}>
                  <span dir="auto">{topic.title}</span>
                  <b style={{ color: COLORS.negative }}>{fmt.score(topic.sentiment_score)}</b>
                </div>
              ))}
            </>
          )}
          {p?.competitors && p.competitors.locations > 0 && (
            <div className="topic-chip" style={{ marginTop: 10 }}>
              <span>
                {t('highlights.competitors', {
                  count: p.competitors.locations,
                  ahead: fmt.int(p.competitors.ahead),
                  behind: fmt.int(p.competitors.behind),
                  locations: fmt.int(p.competitors.locations),
                })}
              </span>
              <b className={gapClass(p.competitors.gap)}>{fmt.score(p.competitors.gap)}</b>
            </div>
          )}
          {p && !p.topics && !p.competitors && <NoData text={t('highlights.empty')} />}
          {!p && <Chart option={{}} loading height={160} />}
        </Panel>
      </div>
    </>
  );
}
