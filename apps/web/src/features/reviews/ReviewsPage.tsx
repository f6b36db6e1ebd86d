import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Badge, Button, Dropdown, Empty, Pagination, Select, Skeleton, TreeSelect, Typography } from 'antd';
import { LazyDrawer } from '../../lib/antd/LazyDrawer';
import Search from 'antd/es/input/Search';
import { DownloadOutlined, FilterOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DATE_PRESETS,
  hasActiveFilter,
  REVIEW_FILTER_KEYS,
  reviewFilterSchema,
  toQueryString,
  type ReviewFilter,
  type ReviewFilterValues,
} from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { useEmbedded } from '../../app/EmbedContext';
import { useMediaQuery } from '../../app/shell/useMediaQuery';
import { useMe } from '../auth/queries';
import { reviewsApi, type ReviewDto, type ReviewPage } from './api';
import { AlertsBanner } from './AlertsBanner';
import { ReviewCard, type CardPermissions } from './ReviewCard';
import './reviews.css';
import { reviewKeys } from './queryKeys';
import { ReviewTickets, useReviewTickets } from './ReviewTickets';
import { fixed, int, isolate, sourceName } from '../reporting/display';
import { fromTree, locationTree, treeValue, type TreeNode } from '../reporting/locationTree';
import { lazyPart } from '../../lib/lazyPart';

/**
 * The import dialog (its table of rejected rows, the file drop, the progress bar) is fetched when it
 * is opened: the list's first load does not carry it (about 45 kB of compressed JavaScript).
 */
const ImportModal = lazyPart(() => import('./ImportModal').then((m) => m.ImportModal));

const RANGE_WIDTH = 250;
/**
 * The calendar of a custom date range, which shows only when the date filter is set to one: fetched
 * then (29 kB of compressed JavaScript the list's first load otherwise carried), its place held meanwhile.
 */
const RangePicker = lazyPart(
  () => import('antd/es/date-picker').then((m) => m.default.RangePicker),
  <span style={{ display: 'inline-block', width: RANGE_WIDTH, height: 32 }} />,
);

const STAR = '★';
const WRITERS = ['owner', 'partner', 'master_admin', 'manager', 'responder'];
const MANAGERS = ['owner', 'partner', 'master_admin', 'manager'];

/** The filter in the address bar, parsed by the shared schema (a bad value is dropped, not fatal). */
function filterFrom(params: URLSearchParams): ReviewFilter {
  const raw = Object.fromEntries(params);
  const parsed = reviewFilterSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return reviewFilterSchema.parse(Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k))));
}

/** The address with a new filter, keeping parameters that are not the filter's (embed auth_token, view, theme). */
function withFilter(params: URLSearchParams, filter: ReviewFilterValues): URLSearchParams {
  const next = new URLSearchParams();
  for (const [k, v] of params) if (!(REVIEW_FILTER_KEYS as readonly string[]).includes(k)) next.append(k, v);
  for (const [k, v] of new URLSearchParams(toQueryString(filter))) next.set(k, v);
  return next;
}

function Filters({
  filter,
  set,
  sources,
  tree,
  categories,
  cases,
  perms,
}: {
  filter: ReviewFilter;
  set: (change: ReviewFilterValues) => void;
  sources: string[];
  tree: TreeNode[];
  categories: { id: number; title: string }[];
  cases: { id: number; title: string }[];
  perms: CardPermissions;
}) {
  const { t } = useTranslation('reviews');
  const [search, setSearch] = useState(filter.search ?? '');
  useEffect(() => setSearch(filter.search ?? ''), [filter.search]);
  const custom = !filter.date_preset && (filter.date_from || filter.date_to);
  const [showRange, setShowRange] = useState(Boolean(custom));
  const dateValue = filter.date_preset ?? (custom || showRange ? 'custom' : 'any');
  const range: [Dayjs | null, Dayjs | null] = [
    filter.date_from ? dayjs(filter.date_from) : null,
    filter.date_to ? dayjs(filter.date_to) : null,
  ];
  const wide = { minWidth: 150, flex: '1 1 150px' };
  return (
    <div className="rv-filters" data-testid="review-filters">
      <Search
        allowClear
        placeholder={t('filters.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          if (!e.target.value) set({ search: undefined });
        }}
        onSearch={(v) => set({ search: v.trim() || undefined })}
        style={{ flex: '2 1 240px', minWidth: 200 }}
        data-testid="search-input"
      />
      <Select
        value={dateValue}
        onChange={(v: string) => {
          if (v === 'any') {
            setShowRange(false);
            set({ date_preset: undefined, date_from: undefined, date_to: undefined, date_mode: undefined });
          } else if (v === 'custom') setShowRange(true);
          else {
            setShowRange(false);
            set({
              date_preset: v as ReviewFilter['date_preset'],
              date_from: undefined,
              date_to: undefined,
              date_mode: undefined,
            });
          }
        }}
        options={[
          { value: 'any', label: t('filters.anyTime') },
          ...DATE_PRESETS.map((p) => ({ value: p, label: t(`filters.presets.${p}`) })),
          { value: 'custom', label: t('filters.customRange') },
        ]}
        style={{ width: 150 }}
        aria-label={t('filters.date')}
      />
      {dateValue === 'custom' && (
        <RangePicker
          allowEmpty={[true, true]}
          value={range}
          format="YYYY-MM-DD"
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => {
            const from = v?.[0]?.format('YYYY-MM-DD');
            const to = v?.[1]?.format('YYYY-MM-DD');
            set({
              date_preset: undefined,
              date_from: from,
              date_to: to,
              date_mode: from && to ? undefined : from ? 'date_from' : to ? 'date_to' : undefined,
            });
          }}
          style={{ width: RANGE_WIDTH }}
        />
      )}
      {tree.length > 0 && (
        <TreeSelect
          treeData={tree}
          value={treeValue(filter)}
          onChange={(v: string[]) => set(fromTree(v))}
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_PARENT}
          placeholder={t('filters.allLocations')}
          aria-label={t('filters.locations')}
          allowClear
          maxTagCount="responsive"
          style={wide}
          showSearch={{ treeNodeFilterProp: 'title' }}
          data-testid="location-filter"
        />
      )}
      <Select
        mode="multiple"
        allowClear
        placeholder={t('filters.allSources')}
        aria-label={t('filters.sources')}
        value={filter.sources ?? []}
        onChange={(v: string[]) => set({ sources: v })}
        options={sources.map((s) => ({ value: s, label: sourceName(t, s) }))}
        maxTagCount="responsive"
        style={wide}
        data-testid="source-filter"
      />
      <Select
        mode="multiple"
        allowClear
        placeholder={t('filters.allRatings')}
        aria-label={t('filters.ratings')}
        value={filter.ratings ?? []}
        onChange={(v: number[]) => set({ ratings: v })}
        options={[5, 4, 3, 2, 1].map((r) => ({ value: r, label: `${int(r)} ★` }))}
        maxTagCount="responsive"
        style={{ ...wide, minWidth: 130 }}
        data-testid="rating-filter"
      />
      {yesNoFilters(t).map((f) => (
        <YesNoFilter key={f.field} {...f} value={filter[f.field]} onChange={(v) => set({ [f.field]: v })} />
      ))}
      {perms.categories && categories.length > 0 && (
        <Select
          mode="multiple"
          allowClear
          placeholder={t('filters.allCategories')}
          aria-label={t('filters.categories')}
          value={filter.categories ?? []}
          onChange={(v: number[]) => set({ categories: v })}
          options={[
            { value: 0, label: t('filters.notCategorized') },
            ...categories.map((c) => ({ value: c.id, label: c.title })),
          ]}
          maxTagCount="responsive"
          optionFilterProp="label"
          style={wide}
          data-testid="category-filter"
        />
      )}
      {perms.caseResolution && cases.length > 0 && (
        <Select
          mode="multiple"
          allowClear
          placeholder={t('filters.anyCaseStatus')}
          aria-label={t('filters.caseStatus')}
          value={filter.case_resolution ?? []}
          onChange={(v: number[]) => set({ case_resolution: v })}
          options={[{ value: 0, label: t('filters.noStatus') }, ...cases.map((c) => ({ value: c.id, label: c.title }))]}
          maxTagCount="responsive"
          style={wide}
        />
      )}
    </div>
  );
}

function Summary({ filter, page }: { filter: ReviewFilter; page: ReviewPage | undefined }) {
  const { t } = useTranslation('reviews');
  const base = { ...filter, page: undefined, per_page: undefined };
  const key = toQueryString(base, { paging: false });
  const rating = useQuery({
    queryKey: reviewKeys.rating(key),
    queryFn: ({ signal }) => reviewsApi.rating(base, signal),
    placeholderData: keepPreviousData,
  });
  const rate = useQuery({
    queryKey: reviewKeys.responseRate(key),
    queryFn: ({ signal }) => reviewsApi.responseRate(base, signal),
    placeholderData: keepPreviousData,
  });
  const stars = rating.data?.stars;
  const max = Math.max(1, ...Object.values(stars ?? { 1: 0 }));
  return (
    <div className="rv-summary" data-testid="review-summary">
      <div className="rv-stat">
        <div className="label">{t('summary.reviews')}</div>
        <div className="value" data-testid="total-count">
          {page ? int(page.total_reviews_count) : '–'}
        </div>
        <div className="sub">{t('summary.matching')}</div>
      </div>
      <div className="rv-stat">
        <div className="label">{t('summary.averageRating')}</div>
        <div className="value">
          {rating.data?.average != null ? fixed(rating.data.average, 2) : '–'}{' '}
          <span style={{ fontSize: 16, color: '#fadb14' }}>{STAR}</span>
        </div>
        <div className="sub">
          {rating.data ? t('summary.rated', { count: rating.data.rated, value: int(rating.data.rated) }) : ''}
        </div>
      </div>
      <div className="rv-stat">
        <div className="label">{t('summary.stars')}</div>
        <div className="rv-bars">
          {[5, 4, 3, 2, 1].map((s) => {
            const n = stars?.[String(s) as '1'] ?? 0;
            return (
              <div className="rv-bar" key={s}>
                <span>{int(s)}</span>
                <div className="track">
                  <div className="fill" style={{ width: `${(n / max) * 100}%` }} />
                </div>
                <span style={{ textAlign: 'end' }}>{int(n)}</span>
              </div>
            );
          })}
        </div>
      </div>
      <div className="rv-stat">
        <div className="label">{t('summary.responseRate')}</div>
        <div
          className="value"
          style={{ color: rate.data?.rate != null && rate.data.rate >= rate.data.target ? '#389e0d' : undefined }}
        >
          {rate.data?.rate != null ? t('summary.percent', { value: int(rate.data.rate) }) : '–'}
        </div>
        <div className="sub">
          {rate.data ? t('summary.target', { value: int(rate.data.target) }) : ''}
          {rate.data?.averageResponseHours != null
            ? ` · ${t('summary.toReply', {
                time:
                  rate.data.averageResponseHours < 48
                    ? t('summary.hours', { value: int(rate.data.averageResponseHours) })
                    : t('summary.days', {
                        count: Math.round(rate.data.averageResponseHours / 24),
                        value: int(Math.round(rate.data.averageResponseHours / 24)),
                      }),
              })}`
            : ''}
        </div>
      </div>
    </div>
  );
}

/** /reviews: the review list with every filter, the card actions by role, exports and import. */
export default function ReviewsPage() {
  const { t } = useTranslation('reviews');
  const me = useMe().data;
  const embedded = useEmbedded();
  const narrow = useMediaQuery('(max-width: 992px)');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFrom(params), [params]);
  const [drawer, setDrawer] = useState(false);
  const [importing, setImporting] = useState(false);
  const restored = useRef(false);

  const features = new Set(me?.features ?? []);
  const role = me?.role ?? 'analyst';
  const isOwner = role === 'owner';
  const perms: CardPermissions = {
    write: !embedded && WRITERS.includes(role),
    manage: !embedded && MANAGERS.includes(role),
    categories: isOwner || features.has('reviewCategorization'),
    caseResolution: isOwner || features.has('caseResolution'),
    ai: isOwner || features.has('chatGptAutoResponse'),
    directResponse: isOwner || features.has('directResponse'),
    share: !embedded,
  };

  // A user's saved filter comes back when they open /reviews without one in the address.
  const saved = useQuery({
    queryKey: reviewKeys.savedFilters,
    queryFn: reviewsApi.savedFilters,
    enabled: !embedded,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (restored.current || embedded || !saved.data) return;
    restored.current = true;
    if (!hasActiveFilter(filter) && Object.keys(saved.data.filters).length)
      setParams(withFilter(params, filterFrom(new URLSearchParams(saved.data.filters))), { replace: true });
  }, [saved.data, embedded, filter, params, setParams]);
  const save = useMutation({ mutationFn: reviewsApi.saveFilters });

  const set = (change: ReviewFilterValues) => {
    const next = { ...filter, ...change, page: 'page' in change ? change.page : 1 };
    setParams(withFilter(params, next), { replace: false });
    if (!embedded && !('page' in change && Object.keys(change).length <= 2)) save.mutate(next);
  };

  const listKey = reviewKeys.list(toQueryString(filter));
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => reviewsApi.list(filter, signal),
    placeholderData: keepPreviousData,
  });
  const locations = useQuery({
    queryKey: reviewKeys.locations,
    queryFn: reviewsApi.locations,
    staleTime: 300_000,
    retry: false,
  });
  const categories = useQuery({
    queryKey: reviewKeys.categories,
    queryFn: reviewsApi.categories,
    enabled: perms.categories,
    staleTime: 60_000,
  });
  const cases = useQuery({
    queryKey: reviewKeys.caseResolutions,
    queryFn: reviewsApi.caseResolutions,
    enabled: perms.caseResolution,
    staleTime: 60_000,
  });
  const brandName = t('filters.brand');
  const regionName = t('filters.region');
  const tree = useMemo(
    () => locationTree(locations.data?.locations ?? [], { brand: brandName, region: regionName }),
    [locations.data, brandName, regionName],
  );
  const tickets = useReviewTickets(
    (list.data?.reviews ?? []).map((r) => r.id),
    !embedded,
  );
  const sources = useMemo(
    () => [...new Set([...(me?.clientSettings.sources ?? []), ...(filter.sources ?? []), 'feedback'])],
    [me, filter.sources],
  );

  const patchReview = (r: ReviewDto) =>
    queryClient.setQueryData<ReviewPage>(
      listKey,
      (old) => old && { ...old, reviews: old.reviews.map((x) => (x.id === r.id ? r : x)) },
    );
  const dropReview = (id: number) => {
    queryClient.setQueryData<ReviewPage>(
      listKey,
      (old) =>
        old && {
          ...old,
          reviews: old.reviews.filter((x) => x.id !== id),
          total_reviews_count: old.total_reviews_count - 1,
        },
    );
    void queryClient.invalidateQueries({ queryKey: reviewKeys.summary });
  };

  const exportFile = useMutation({
    mutationFn: (format: 'pdf' | 'excel' | 'rating' | 'response_rate') => reviewsApi.exportLink(format, filter),
    onSuccess: ({ url }) => {
      window.location.assign(url);
      void message.success(t('export.starting'));
    },
    onError: (e) => void message.error(e.message),
  });

  const active = hasActiveFilter(filter);
  const filters = (
    <Filters
      filter={filter}
      set={set}
      sources={sources}
      tree={tree}
      categories={categories.data?.categories ?? []}
      cases={cases.data?.caseResolutions ?? []}
      perms={perms}
    />
  );
  const actions = (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {narrow && (
        <Badge dot={active}>
          <Button icon={<FilterOutlined />} onClick={() => setDrawer(true)} data-testid="filters-button">
            {t('filters.button')}
          </Button>
        </Badge>
      )}
      {!embedded && (
        <Dropdown
          menu={{
            items: [
              { key: 'pdf', label: t('export.pdf') },
              { key: 'excel', label: t('export.excel') },
              { key: 'rating', label: t('export.rating') },
              { key: 'response_rate', label: t('export.responseRate') },
            ],
            onClick: ({ key }) => exportFile.mutate(key as 'pdf'),
          }}
          trigger={['click']}
        >
          <Button icon={<DownloadOutlined />} loading={exportFile.isPending} data-testid="export-button">
            {t('export.button')}
          </Button>
        </Dropdown>
      )}
      {perms.manage && (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="import-button">
          {t('import.button')}
        </Button>
      )}
    </div>
  );

  return (
    <div className="rv-page">
      <PageHeader
        title={t('page.title')}
        description={
          me?.companyName ? t('page.descriptionCompany', { company: isolate(me.companyName) }) : t('page.description')
        }
        extra={actions}
      />
      {narrow ? (
        <LazyDrawer
          title={t('filters.button')}
          open={drawer}
          onClose={() => setDrawer(false)}
          placement="right"
          size="default"
          extra={
            active && (
              <Button
                type="link"
                onClick={() => {
                  setParams(withFilter(params, {}));
                  if (!embedded) save.mutate({});
                }}
              >
                {t('filters.clear')}
              </Button>
            )
          }
        >
          <div className="rv-filters rv-filters-vertical" style={{ flexDirection: 'column', alignItems: 'stretch' }}>
            {filters}
          </div>
        </LazyDrawer>
      ) : (
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <div style={{ flex: 1 }}>{filters}</div>
          {active && (
            <Button
              type="link"
              onClick={() => {
                setParams(withFilter(params, {}));
                if (!embedded) save.mutate({});
              }}
              data-testid="clear-filters"
            >
              {t('filters.clearAll')}
            </Button>
          )}
        </div>
      )}
      {!embedded && (
        <AlertsBanner canAcknowledge={perms.write} onShow={(next) => setParams(withFilter(params, next))} />
      )}
      <Summary filter={filter} page={list.data} />
      {list.isPending ? (
        <div className="rv-list">
          {[0, 1, 2].map((i) => (
            <div className="rv-card" key={i}>
              <Skeleton avatar active />
            </div>
          ))}
        </div>
      ) : list.isError ? (
        <div className="rv-empty">
          <Typography.Text type="danger">{list.error.message}</Typography.Text>
        </div>
      ) : list.data.reviews.length === 0 ? (
        <div className="rv-empty">
          <Empty description={active ? t('list.noMatch') : t('list.empty')} />
        </div>
      ) : (
        <>
          <div className="rv-list" data-testid="review-list" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {list.data.reviews.map((r) => (
              <ReviewCard
                key={r.id}
                review={r}
                perms={perms}
                categories={categories.data?.categories ?? []}
                cases={cases.data?.caseResolutions ?? []}
                onChanged={patchReview}
                onDeleted={dropReview}
                extra={
                  <ReviewTickets
                    reviewId={r.id}
                    tickets={tickets.byReview.get(r.id) ?? []}
                    ready={tickets.ready}
                    canCreate={perms.write}
                    creating={tickets.create.isPending && tickets.create.variables?.reviewId === r.id}
                    onCreate={(provider) => tickets.create.mutate({ reviewId: r.id, provider })}
                  />
                }
              />
            ))}
          </div>
          <div style={{ display: 'flex', justifyContent: 'center', margin: '20px 0' }}>
            <Pagination
              current={list.data.page}
              pageSize={list.data.per_page}
              total={list.data.total_reviews_count}
              showSizeChanger
              pageSizeOptions={[10, 20, 50, 100]}
              size={narrow ? 'small' : 'medium'}
              onChange={(page, per_page) => {
                set({ page: per_page !== filter.per_page ? 1 : page, per_page });
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
              showTotal={
                narrow ? undefined : (total, [a, b]) => t('list.range', { from: int(a), to: int(b), total: int(total) })
              }
            />
          </div>
        </>
      )}
      {importing && (
        <ImportModal
          onClose={() => setImporting(false)}
          onDone={() => void queryClient.invalidateQueries({ queryKey: reviewKeys.all })}
        />
      )}
    </div>
  );
}

interface YesNoFilterSpec {
  field: 'answered' | 'with_text' | 'removed';
  labels: { any: string; yes: string; no: string };
  width: number;
  aria: string;
  testId?: string;
}

/** The filters that are on (true), off (false) or not set. */
const yesNoFilters = (t: TFunction): YesNoFilterSpec[] => [
  {
    field: 'answered',
    labels: { any: t('filters.answered.any'), yes: t('filters.answered.yes'), no: t('filters.answered.no') },
    width: 150,
    aria: t('filters.answered.aria'),
    testId: 'answered-filter',
  },
  {
    field: 'with_text',
    labels: { any: t('filters.withText.any'), yes: t('filters.withText.yes'), no: t('filters.withText.no') },
    width: 170,
    aria: t('filters.withText.aria'),
  },
  {
    field: 'removed',
    labels: { any: t('filters.removed.any'), yes: t('filters.removed.yes'), no: t('filters.removed.no') },
    width: 210,
    aria: t('filters.removed.aria'),
    testId: 'removed-filter',
  },
];

/** One yes/no/any filter as a select. */
function YesNoFilter(
  props: YesNoFilterSpec & { value: boolean | undefined; onChange: (value: boolean | undefined) => void },
) {
  const { labels } = props;
  return (
    <Select
      value={props.value === undefined ? 'any' : String(props.value)}
      onChange={(v: string) => props.onChange(v === 'any' ? undefined : v === 'true')}
      options={[
        { value: 'any', label: labels.any },
        { value: 'true', label: labels.yes },
        { value: 'false', label: labels.no },
      ]}
      style={{ width: props.width }}
      aria-label={props.aria}
      data-testid={props.testId}
    />
  );
}
