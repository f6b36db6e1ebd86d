import type { ReactNode } from 'react';
import { Button, Card, DatePicker, Empty, Select, Skeleton, Tooltip, TreeSelect } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DownloadOutlined,
  InfoCircleOutlined,
  MinusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { i18n } from '../../i18n/i18n';
import { DATE_PRESETS, presetRange, type ReviewFilterValues, type WeekStart } from '@reputo/core';
import type { StatsFilter } from './api';
import { last30Days } from './useReportFilter';
import './reporting.css';
import { useShortLocations } from './useShortLocations';
import { fromTree, locationTree, treeValue } from './locationTree';
import { fixed, int, showDate, signed, sourceName } from './display';

/** Figures as the reports show them, in the user's language and digits (called at render). */
export const fmt = {
  rating: (v: number | null | undefined) => (v === null || v === undefined ? '—' : fixed(v, 2)),
  pct: (v: number | null | undefined) =>
    v === null || v === undefined ? '—' : i18n.t('reporting:units.percent', { value: fixed(v, 1) }),
  hours: (v: number | null | undefined) =>
    v === null || v === undefined
      ? '—'
      : v < 48
        ? i18n.t('reporting:units.hours', { value: fixed(v, 1) })
        : i18n.t('reporting:units.days', { value: fixed(v / 24, 1) }),
  int: (v: number | null | undefined) => (v === null || v === undefined ? '—' : int(v)),
  score: (v: number | null | undefined) => (v === null || v === undefined ? '—' : signed(v)),
};

/** A date preset's name (core's PRESET_LABELS in English). */
export const presetLabel = (t: TFunction, preset: (typeof DATE_PRESETS)[number]) => t(`reporting:presets.${preset}`);

/** A change's figure with its unit (' pts', ' h' or none). */
function unitText(value: number, digits: number, unit: string): string {
  const n = fixed(value, digits);
  if (unit === ' pts') return i18n.t('reporting:units.points', { value: n });
  if (unit === ' h') return i18n.t('reporting:units.hours', { value: n });
  return `${n}${unit}`;
}

/** A change against the previous period, green when it is good news. */
export function Delta({
  value,
  unit = '',
  digits = 2,
  inverse = false,
  suffix,
}: {
  value: number | null | undefined;
  unit?: string;
  digits?: number;
  inverse?: boolean;
  suffix?: string;
}) {
  const { t } = useTranslation('reporting');
  if (value === null || value === undefined) return <span className="delta flat">{t('delta.noPrevious')}</span>;
  const good = inverse ? value < 0 : value > 0;
  const cls = value === 0 ? 'flat' : good ? 'up' : 'down';
  const icon = value === 0 ? <MinusOutlined /> : value > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />;
  return (
    <span className={`delta ${cls}`} data-testid="delta">
      {icon} {unitText(Math.abs(value), digits, unit)}{' '}
      <span className="delta-note">{suffix ?? t('delta.vsPrevious')}</span>
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

export function NoData({ text }: { text?: string }) {
  const { t } = useTranslation('reporting');
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text ?? t('noData')} />;
}

const presetOptions = (t: TFunction) => [
  { value: 'last30', label: t('filters.last30') },
  ...DATE_PRESETS.map((p) => ({ value: p, label: presetLabel(t, p) })),
  { value: 'custom', label: t('filters.custom') },
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
  const { t } = useTranslation('reporting');
  const locs = useShortLocations();
  const presetValue = raw.date_preset ?? (raw.date_from || raw.date_to ? 'custom' : 'last30');
  const today = dayjs();
  const range: [Dayjs, Dayjs] | null =
    filter.date_from && filter.date_to ? [dayjs(filter.date_from), dayjs(filter.date_to)] : null;
  return (
    <Card className="filter-bar" data-testid="report-filters">
      <div className="filter-row">
        <Select
          aria-label={t('filters.period')}
          data-testid="period-select"
          value={presetValue}
          options={presetOptions(t)}
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
            return { label: presetLabel(t, p), value: [dayjs(r.from), dayjs(r.to)] as [Dayjs, Dayjs] };
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
          aria-label={t('filters.locations')}
          data-testid="location-filter"
          treeData={locationTree(locs.data?.locations ?? [], {
            brand: t('filters.brand'),
            region: t('filters.region'),
          })}
          value={treeValue(raw)}
          onChange={(v: string[]) => update(fromTree(v))}
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_PARENT}
          placeholder={t('filters.allLocations')}
          allowClear
          maxTagCount="responsive"
          loading={locs.isLoading}
          style={{ minWidth: 220, flex: 1 }}
          popupMatchSelectWidth={false}
        />
        {!hideSources && (
          <Select
            aria-label={t('filters.sources')}
            data-testid="source-filter"
            mode="multiple"
            placeholder={t('filters.allSources')}
            allowClear
            maxTagCount="responsive"
            value={raw.sources ?? []}
            onChange={(v: string[]) => update({ sources: v })}
            options={sources.map((s) => ({ value: s, label: sourceName(t, s) }))}
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
  const { t } = useTranslation('reporting');
  return (
    <Button icon={<DownloadOutlined />} onClick={onClick} loading={loading} data-testid={testId}>
      {t('export')}
    </Button>
  );
}

export function periodText(p: { from: string; to: string } | undefined | null): string {
  if (!p) return '';
  const f = (d: string) => showDate(d, 'monthDayYear');
  return p.from === p.to ? f(p.from) : `${f(p.from)} – ${f(p.to)}`;
}
