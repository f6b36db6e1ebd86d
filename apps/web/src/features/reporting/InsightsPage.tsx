import { useRef, useState } from 'react';
import { Alert, Progress, Tag, type TableColumnsType } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EChartsOption } from 'echarts';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useEmbedded } from '../../app/EmbedContext';
import { PageHeader } from '../../app/ui/PageHeader';
import { formatNumber } from '../../i18n/format';
import { currentLanguage } from '../../i18n/i18n';
import { downloadExport, reportingApi, type TopicRow, type WordRow } from './api';
import { Chart, COLORS } from './Chart';
import { dateLabel } from './charts';
import { Delta, ExportButton, FilterBar, fmt, NoData, Panel, periodText } from './ui';
import { useReportFilter } from './useReportFilter';
import { reportingKeys } from './queryKeys';

const PALETTE = ['#4f46e5', '#0ea5e9', '#f59e0b', '#16a34a', '#dc2626', '#a855f7'];

function topicsOption(rows: TopicRow[], t: TFunction): EChartsOption {
  return {
    grid: { left: 8, right: 16, top: 30, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { color: '#475569' } },
    xAxis: { type: 'value', axisLabel: { color: '#64748b' }, splitLine: { lineStyle: { color: '#eef2f7' } } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows.map((r) => r.title),
      axisLabel: { color: '#334155', fontSize: 12 },
    },
    series: [
      {
        name: t('charts.positive'),
        type: 'bar',
        stack: 't',
        data: rows.map((r) => r.positive),
        itemStyle: { color: COLORS.positive },
        barMaxWidth: 20,
      },
      {
        name: t('charts.neutral'),
        type: 'bar',
        stack: 't',
        data: rows.map((r) => r.neutral),
        itemStyle: { color: COLORS.neutral },
      },
      {
        name: t('charts.negative'),
        type: 'bar',
        stack: 't',
        data: rows.map((r) => r.negative),
        itemStyle: { color: COLORS.negative, borderRadius: [0, 4, 4, 0] },
      },
    ],
  };
}

/** While the server still analyses review texts (a first start, a bulk load, an import), answers are polled this often. */
const ANALYSIS_POLL_MS = 4000;
const pollWhileAnalysing = (query: { state: { data?: { reviews_waiting_analysis: number } } }) =>
  query.state.data?.reviews_waiting_analysis ? ANALYSIS_POLL_MS : false;

/**
 * Review texts still waiting for analysis: how many, and how far the analysis got since the page
 * opened (the most seen waiting against those left).
 */
function AnalysisUnderWay({ waiting }: { waiting: number }) {
  const { t } = useTranslation('reporting');
  const most = useRef(0);
  most.current = Math.max(most.current, waiting);
  const done = most.current ? Math.round((100 * (most.current - waiting)) / most.current) : 0;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="insights-analysing"
      message={t('insights.analysing', { count: waiting, reviews: fmt.int(waiting) })}
      description={
        most.current > waiting ? (
          <Progress
            percent={done}
            size="small"
            format={(p) => formatNumber((p ?? 0) / 100, { style: 'percent' })}
            aria-label={t('insights.progress')}
          />
        ) : undefined
      }
      style={{ marginBottom: 16 }}
    />
  );
}

function Words({ words, tone, analysing }: { words: WordRow[]; tone: 'pos' | 'neg'; analysing: boolean }) {
  const { t } = useTranslation('reporting');
  if (!words.length) return <NoData text={t(analysing ? 'insights.analysingWords' : 'insights.noWords')} />;
  const max = Math.max(...words.map((w) => (tone === 'pos' ? w.positive : w.negative)));
  return (
    <div className="word-cloud" data-testid={`words-${tone}`}>
      {words.slice(0, 24).map((w) => {
        const n = tone === 'pos' ? w.positive : w.negative;
        return (
          <span key={w.word} className={`w ${tone}`} style={{ fontSize: 12 + Math.round((n / max) * 10) }}>
            <bdi dir="auto">{w.word}</bdi>
            <span className="n">{fmt.int(n)}</span>
          </span>
        );
      })}
    </div>
  );
}

/** Topics and sub-topics found in review texts with their sentiment, the words people use, and how topics move. */
export default function InsightsPage() {
  const { t } = useTranslation('reporting');
  const rf = useReportFilter();
  const { filter } = rf;
  const embedded = useEmbedded();
  const [topic, setTopic] = useState<string | undefined>();
  // While review texts wait for analysis the answers are incomplete: they are asked again until none waits.
  const opts = { placeholderData: keepPreviousData, refetchInterval: pollWhileAnalysing };
  // Topic titles come from the server in the interface language (see reportingKeys).
  const language = currentLanguage();
  const primary = useQuery({
    queryKey: reportingKeys.insights.primary(filter, language),
    queryFn: ({ signal }) => reportingApi.primary(filter, signal),
    ...opts,
  });
  const selected = topic ?? primary.data?.data[0]?.topic;
  const secondary = useQuery({
    queryKey: reportingKeys.insights.secondary(filter, selected, language),
    queryFn: ({ signal }) => reportingApi.secondary(filter, selected, signal),
    enabled: Boolean(selected),
    ...opts,
  });
  const words = useQuery({
    queryKey: reportingKeys.insights.words(filter),
    queryFn: ({ signal }) => reportingApi.words(filter, signal),
    ...opts,
  });
  const waiting = primary.data?.reviews_waiting_analysis ?? words.data?.reviews_waiting_analysis ?? 0;
  const trend = useQuery({
    queryKey: reportingKeys.insights.trend(filter, language),
    queryFn: ({ signal }) => reportingApi.topicTrend(filter, [], signal),
    placeholderData: keepPreviousData,
    refetchInterval: waiting ? ANALYSIS_POLL_MS : false,
  });
  const rows = primary.data?.data ?? [];
  const td = trend.data;
  const columns: TableColumnsType<TopicRow> = [
    {
      title: t('insights.topic'),
      dataIndex: 'title',
      sorter: (a, b) => a.title.localeCompare(b.title),
      render: (v: string, r) => (
        <a onClick={() => setTopic(r.topic)} data-testid={`topic-${r.topic}`} dir="auto">
          {v}
        </a>
      ),
    },
    {
      title: t('insights.mentions'),
      dataIndex: 'mentions',
      align: 'end',
      render: fmt.int,
      defaultSortOrder: 'descend',
      sorter: (a, b) => a.mentions - b.mentions,
    },
    {
      title: t('insights.share'),
      dataIndex: 'share',
      align: 'end',
      responsive: ['md'],
      sorter: (a, b) => (a.share ?? 0) - (b.share ?? 0),
      render: fmt.pct,
    },
    {
      title: t('columns.sentiment'),
      dataIndex: 'sentiment_score',
      align: 'end',
      sorter: (a, b) => (a.sentiment_score ?? 0) - (b.sentiment_score ?? 0),
      render: (v: number | null) =>
        v === null ? '—' : <Tag color={v > 0.2 ? 'green' : v < -0.2 ? 'red' : 'gold'}>{fmt.score(v)}</Tag>,
    },
    {
      title: t('columns.change'),
      dataIndex: 'sentiment_change',
      align: 'end',
      responsive: ['md'],
      sorter: (a, b) => (a.sentiment_change ?? 0) - (b.sentiment_change ?? 0),
      render: (v: number | null) => <Delta value={v} suffix="" />,
    },
    {
      title: t('insights.previousMentions'),
      dataIndex: 'previous_mentions',
      align: 'end',
      responsive: ['lg'],
      render: fmt.int,
    },
  ];
  const trendOption: EChartsOption | null = td
    ? {
        grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
        tooltip: { trigger: 'axis' },
        legend: { top: 0, textStyle: { color: '#475569' } },
        xAxis: {
          type: 'category',
          boundaryGap: false,
          data: td.points.map((p) => dateLabel(p.date, td.interval)),
          axisLabel: { color: '#64748b' },
        },
        yAxis: {
          type: 'value',
          name: t('insights.mentions'),
          axisLabel: { color: '#64748b' },
          splitLine: { lineStyle: { color: '#eef2f7' } },
        },
        series: td.topics.map((tp, i) => ({
          name: tp.title,
          type: 'line',
          smooth: true,
          symbolSize: 5,
          data: td.points.map((p) => p.topics[tp.key]?.mentions ?? 0),
          itemStyle: { color: PALETTE[i % PALETTE.length] },
        })),
      }
    : null;
  const selectedTitle = rows.find((r) => r.topic === selected)?.title ?? selected;
  return (
    <>
      <PageHeader
        title={t('insights.title')}
        description={t('insights.description', {
          count: primary.data?.reviews_with_text ?? 0,
          reviews: fmt.int(primary.data?.reviews_with_text),
          period: periodText(primary.data?.period),
        })}
      />
      <FilterBar
        {...rf}
        sources={rf.me?.clientSettings.sources ?? []}
        extra={
          embedded ? undefined : <ExportButton onClick={() => void downloadExport('/v3/insights/export', filter)} />
        }
      />
      {waiting > 0 && <AnalysisUnderWay waiting={waiting} />}
      <div className="grid-3-1">
        <Panel title={t('insights.topicsBySentiment')} testId="chart-topics">
          {primary.isLoading ? (
            <Chart option={{}} loading />
          ) : rows.length ? (
            <Chart option={topicsOption(rows, t)} height={Math.max(220, rows.length * 34 + 40)} />
          ) : (
            <NoData text={t(waiting ? 'insights.analysingTopics' : 'insights.noTopics')} />
          )}
        </Panel>
        <Panel
          title={
            selectedTitle ? (
              <Trans
                t={t}
                i18nKey="insights.details"
                values={{ topic: selectedTitle }}
                components={{ topic: <bdi dir="auto" /> }}
              />
            ) : (
              t('insights.detailsNone')
            )
          }
          testId="subtopics"
        >
          {secondary.data?.data.length ? (
            secondary.data.data.map((s) => (
              <div className="topic-chip" key={s.key}>
                <span dir="auto">{s.title}</span>
                <span>
                  <b>{fmt.int(s.mentions)}</b> ·{' '}
                  <span style={{ color: COLORS.positiveText }}>{fmt.int(s.positive)}</span> /{' '}
                  <span style={{ color: COLORS.negative }}>{fmt.int(s.negative)}</span>
                </span>
              </div>
            ))
          ) : (
            <NoData text={t('insights.pickTopic')} />
          )}
        </Panel>
      </div>
      <div className="grid-2">
        <Panel title={t('insights.praise')} testId="panel-words-positive">
          {words.data ? (
            <Words words={words.data.positive} tone="pos" analysing={waiting > 0} />
          ) : (
            <Chart option={{}} loading height={120} />
          )}
        </Panel>
        <Panel title={t('insights.complain')} testId="panel-words-negative">
          {words.data ? (
            <Words words={words.data.negative} tone="neg" analysing={waiting > 0} />
          ) : (
            <Chart option={{}} loading height={120} />
          )}
        </Panel>
      </div>
      <Panel title={t('insights.overTime')} testId="chart-topic-trend">
        {trend.isLoading || !trendOption ? (
          <Chart option={{}} loading />
        ) : td!.topics.length ? (
          <Chart option={trendOption} height={300} />
        ) : (
          <NoData />
        )}
      </Panel>
      <Panel title={t('insights.allTopics')} testId="topics-table">
        <Table<TopicRow>
          rowKey="key"
          size="middle"
          loading={primary.isFetching}
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ x: true }}
        />
      </Panel>
    </>
  );
}
