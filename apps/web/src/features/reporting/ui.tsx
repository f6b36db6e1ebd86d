import type { ReactNode } from 'react';
import { Button, Card, DatePicker, Empty, Select, Skeleton, Tooltip, TreeSelect } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DownloadOutlined,
  InfoCircleOutlined,
  MinusOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DATE_PRESETS,
  PRESET_LABELS,
  presetRange,
  sourceTitle,
  type ReviewFilterValues,
  type WeekStart,
} from '@reputo/core';
import { reportingApi, type ShortLocation, type StatsFilter } from './api';
import { last30Days } from './useReportFilter';
import './reporting.css';
import { reportingKeys } from './queryKeys';

export const fmt = {
  rating: (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(2)),
  pct: (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v.toFixed(1)}%`),
  hours: (v: number | null | undefined) =>
    v === null || v === undefined ? '—' : v < 48 ? `${v.toFixed(1)} h` : `${(v / 24).toFixed(1)} d`,
  int: (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toLocaleString('en-US')),
  score: (v: number | null | undefined) => (v === null || v === undefined ? '—' : (v > 0 ? '+' : '') + v.toFixed(2)),
};

/** A change against the previous period, green when it is good news. */
export function Delta({
  value,
  unit = '',
  digits = 2,
  inverse = false,
  suffix = 'vs previous period',
}: {
  value: number | null | undefined;
  unit?: string;
  digits?: number;
  inverse?: boolean;
  suffix?: string;
}) {
  if (value === null || value === undefined) return <span className="delta flat">No previous data</span>;
  const good = inverse ? value < 0 : value > 0;
  const cls = value === 0 ? 'flat' : good ? 'up' : 'down';
  const icon = value === 0 ? <MinusOutlined /> : value > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />;
  return (
    <span className={`delta ${cls}`} data-testid="delta">
      {icon} {Math.abs(value).toFixed(digits)}
      {unit} <span className="delta-note">{suffix}</span>
    </span>
  );
}

export function Kpi({
  title,
  value,
  delta,
  hint,
  loading,
  testId,
  icon,
}: {
  title: string;
  value: ReactNode;
  delta?: ReactNode;
  hint?: ReactNode;
  loading?: boolean;
  testId?: string;
  icon?: ReactNode;
}) {
  return (
    <Card className="kpi" data-testid={testId}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <>
          <div className="kpi-title">
            {icon && <span className="kpi-icon">{icon}</span>}
            {title}
            {hint && (
              <Tooltip title={hint} styles={{ root: { maxWidth: 420 } }}>
                <InfoCircleOutlined className="kpi-hint" data-testid={testId ? `${testId}-hint` : undefined} />
              </Tooltip>
            )}
          </div>
          <div className="kpi-value">{value}</div>
          <div className="kpi-delta">{delta}</div>
        </>
      )}
    </Card>
  );
}

export function Panel({
  title,
  extra,
  children,
  testId,
  className,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <Card title={title} extra={extra} className={`panel ${className ?? ''}`} data-testid={testId}>
      {children}
    </Card>
  );
}

export function NoData({ text = 'No reviews in this period for the chosen filters.' }: { text?: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}

interface TreeNode {
  title: string;
  value: string;
  key: string;
  children?: TreeNode[];
}

/** brand > region > location from locations/shortinfo; values are b:id, s:id and l:id. */
export function locationTree(locs: ShortLocation[]): TreeNode[] {
  const brands = new Map<number, { node: TreeNode; states: Map<number, TreeNode> }>();
  const loose: TreeNode[] = [];
  for (const l of locs) {
    const leaf = {
      title: l.locationId ? `${l.title} (${l.locationId})` : l.title,
      value: `l:${l.id}`,
      key: `l:${l.id}`,
    };
    if (l.brandId === null) {
      loose.push(leaf);
      continue;
    }
    if (!brands.has(l.brandId))
      brands.set(l.brandId, {
        node: { title: l.brand ?? 'Brand', value: `b:${l.brandId}`, key: `b:${l.brandId}`, children: [] },
        states: new Map(),
      });
    const b = brands.get(l.brandId)!;
    if (l.stateId === null) {
      b.node.children!.push(leaf);
      continue;
    }
    if (!b.states.has(l.stateId)) {
      const s: TreeNode = { title: l.state ?? 'Region', value: `s:${l.stateId}`, key: `s:${l.stateId}`, children: [] };
      b.states.set(l.stateId, s);
      b.node.children!.push(s);
    }
    b.states.get(l.stateId)!.children!.push(leaf);
  }
  return [...[...brands.values()].map((b) => b.node), ...loose];
}

function treeValue(f: ReviewFilterValues): string[] {
  return [
    ...(f.brands ?? []).map((id) => `b:${id}`),
    ...(f.states ?? []).map((id) => `s:${id}`),
    ...(f.locations ?? []).map((id) => `l:${id}`),
  ];
}

function fromTree(values: string[]) {
  const ids = (p: string) => values.filter((v) => v.startsWith(p)).map((v) => Number(v.slice(2)));
  return { brands: ids('b:'), states: ids('s:'), locations: ids('l:') };
}

export function useShortLocations() {
  return useQuery({
    queryKey: reportingKeys.locations,
    queryFn: () => reportingApi.locationsShort(),
    staleTime: 5 * 60_000,
  });
}

const PRESET_OPTIONS = [
  { value: 'last30', label: 'Last 30 days' },
  ...DATE_PRESETS.map((p) => ({ value: p, label: PRESET_LABELS[p] })),
  { value: 'custom', label: 'Custom range' },
];

/**
 * The filter row of every report: period (presets with the user's week start, or a custom range),
 * brand > region > location, sources; `extra` holds the page's own controls (interval, export).
 */
export function FilterBar({
  filter,
  raw,
  update,
  setPreset,
  weekStart,
  sources,
  extra,
  hideSources,
}: {
  filter: StatsFilter;
  raw: ReviewFilterValues;
  update: (patch: Partial<ReviewFilterValues>) => void;
  setPreset: (p: (typeof DATE_PRESETS)[number] | null) => void;
  weekStart: WeekStart;
  sources: string[];
  extra?: ReactNode;
  hideSources?: boolean;
}) {
  const locs = useShortLocations();
  const presetValue = raw.date_preset ?? (raw.date_from || raw.date_to ? 'custom' : 'last30');
  const today = dayjs();
  const range: [Dayjs, Dayjs] | null =
    filter.date_from && filter.date_to ? [dayjs(filter.date_from), dayjs(filter.date_to)] : null;
  return (
    <Card className="filter-bar" data-testid="report-filters">
      <div className="filter-row">
        <Select
          aria-label="Period"
          data-testid="period-select"
          value={presetValue}
          options={PRESET_OPTIONS}
          style={{ minWidth: 150 }}
          onChange={(v: string) => {
            if (v === 'last30') setPreset(null);
            else if (v === 'custom') update({ date_preset: undefined, ...last30Days() });
            else setPreset(v as (typeof DATE_PRESETS)[number]);
          }}
        />
        <DatePicker.RangePicker
          data-testid="period-range"
          value={range}
          allowClear={false}
          disabledDate={(d) => d.isAfter(today, 'day')}
          presets={DATE_PRESETS.map((p) => {
            const r = presetRange(p, new Date(), weekStart);
            return { label: PRESET_LABELS[p], value: [dayjs(r.from), dayjs(r.to)] as [Dayjs, Dayjs] };
          })}
          onChange={(v) => {
            if (v?.[0] && v[1])
              update({
                date_preset: undefined,
                date_from: v[0].format('YYYY-MM-DD'),
                date_to: v[1].format('YYYY-MM-DD'),
              });
          }}
        />
        <TreeSelect
          aria-label="Locations"
          data-testid="location-filter"
          treeData={locationTree(locs.data?.locations ?? [])}
          value={treeValue(raw)}
          onChange={(v: string[]) => update(fromTree(v))}
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_PARENT}
          placeholder="All locations"
          allowClear
          maxTagCount="responsive"
          loading={locs.isLoading}
          style={{ minWidth: 220, flex: 1 }}
          popupMatchSelectWidth={false}
        />
        {!hideSources && (
          <Select
            aria-label="Sources"
            data-testid="source-filter"
            mode="multiple"
            placeholder="All sources"
            allowClear
            maxTagCount="responsive"
            value={raw.sources ?? []}
            onChange={(v: string[]) => update({ sources: v })}
            options={sources.map((s) => ({ value: s, label: sourceTitle(s) }))}
            style={{ minWidth: 180, flex: 1 }}
          />
        )}
        {extra && <div className="filter-extra">{extra}</div>}
      </div>
    </Card>
  );
}

export function ExportButton({
  onClick,
  loading,
  testId = 'export-button',
}: {
  onClick: () => void;
  loading?: boolean;
  testId?: string;
}) {
  return (
    <Button icon={<DownloadOutlined />} onClick={onClick} loading={loading} data-testid={testId}>
      Export
    </Button>
  );
}

export function periodText(p: { from: string; to: string } | undefined | null): string {
  if (!p) return '';
  const f = (d: string) => dayjs(d).format('MMM D, YYYY');
  return p.from === p.to ? f(p.from) : `${f(p.from)} – ${f(p.to)}`;
}
