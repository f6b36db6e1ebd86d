import { useState } from 'react';
import { App, Button, Card, Progress, Select, Space, Statistic, Tag, Tooltip, type TableColumnsType } from 'antd';
import Search from 'antd/es/input/Search';
import { ClockCircleOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { PageHeader } from '../../app/ui/PageHeader';
import { Table } from '../../app/ui/ResponsiveTable';
import { useMe } from '../auth/queries';
import { directoryReason, fieldName, listingKeys, listingsApi, listSeparator, STATUS, type ListingItem } from './api';
import './listings.css';
import { lazyPart } from '../../lib/lazyPart';

// The edit drawer (forms, attributes, photo uploads, history) loads when a listing is opened, the
// bulk hours dialog when it is: the first load of the page carries neither (bench/RESULTS.md).
const BulkHoursModal = lazyPart(() => import('./BulkHoursModal').then((m) => m.BulkHoursModal));
const ListingDrawer = lazyPart(() => import('./ListingDrawer').then((m) => m.ListingDrawer));

const EDITORS = ['owner', 'partner', 'master_admin', 'manager'];
/** The status filter's values; each label is `listings:filter.<value>` ('' is every status). */
const FILTERS = ['', 'out_of_sync', 'rejected', 'pending', 'error', 'in_sync'];

/** /listing_management: each location's listing, its status on Google and Facebook, edits and bulk hours. */
export default function ListingsPage() {
  const { t } = useTranslation('listings');
  const { message } = App.useApp();
  const role = useMe().data?.role ?? 'analyst';
  const canEdit = EDITORS.includes(role);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [bulk, setBulk] = useState(false);
  const list = useQuery({
    queryKey: listingKeys.list(page, search, status),
    queryFn: ({ signal }) => listingsApi.list(page, search, status, signal),
    placeholderData: keepPreviousData,
    // While pushes are on their way, look again shortly.
    refetchInterval: (q) => (q.state.data?.summary.pending ? 3000 : false),
  });
  const summary = list.data?.summary;
  const percent = (v: number) => formatNumber(v / 100, { style: 'percent' });

  const columns: TableColumnsType<ListingItem> = [
    {
      title: t('list.location'),
      key: 'location',
      render: (_, i) => (
        <div>
          <div className="ls-title" dir="auto">
            {i.listing.name}
          </div>
          <div className="ls-muted" dir="auto">
            {[i.listing.address, i.listing.city].filter(Boolean).join(', ') || t('list.noAddress')}
          </div>
        </div>
      ),
    },
    ...(['google', 'facebook'] as const).map((dir) => ({
      title: dir === 'google' ? 'Google' : 'Facebook',
      key: dir,
      render: (_: unknown, i: ListingItem) => {
        const d = i.directories.find((x) => x.directory === dir)!;
        return (
          <Space size={4} wrap>
            <Tooltip title={d.reason && <span dir="auto">{directoryReason(t, d.reason)}</span>}>
              <Tag color={STATUS[d.status].color} data-testid={`status-${dir}`}>
                {t(`status.${d.status}`)}
              </Tag>
            </Tooltip>
            {dir === 'google' && i.rejectedEdits.length > 0 && (
              <Tag color="volcano" data-testid="rejected-tag">
                {t('list.rejectedEdits', {
                  count: i.rejectedEdits.length,
                  n: formatNumber(i.rejectedEdits.length),
                })}
              </Tag>
            )}
          </Space>
        );
      },
    })),
    {
      title: t('list.completeness'),
      key: 'score',
      width: 170,
      render: (_, i) => (
        <div
          title={
            i.missing.length
              ? t('list.missing', { fields: i.missing.map((m) => fieldName(t, m)).join(listSeparator()) })
              : t('list.complete')
          }
        >
          <Progress
            percent={i.score}
            format={(p) => formatNumber((p ?? 0) / 100, { style: 'percent' })}
            size="small"
            aria-label={t('list.completenessOf', { name: i.listing.name })}
          />
        </div>
      ),
    },
    {
      title: '',
      key: 'actions',
      align: 'end',
      render: (_, i) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(i.locationId)} data-testid="listing-open">
          {canEdit ? t('list.edit') : t('list.view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        extra={
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void listingsApi.export().catch((e: Error) => message.error(e.message))}
            >
              {t('export')}
            </Button>
            {canEdit && (
              <Button
                type="primary"
                icon={<ClockCircleOutlined />}
                disabled={!selected.length}
                onClick={() => setBulk(true)}
                data-testid="bulk-hours"
              >
                {selected.length ? t('editHoursCount', { n: formatNumber(selected.length) }) : t('editHours')}
              </Button>
            )}
          </Space>
        }
      />
      {summary && (
        <Card className="ls-block">
          <div className="ls-summary" data-testid="listing-summary">
            <Statistic title={t('summary.completeness')} value={percent(summary.score)} />
            <Statistic
              title={t('summary.accuracy')}
              value={summary.accuracy === null ? '—' : percent(summary.accuracy)}
            />
            <Statistic title={t('summary.inSync')} value={formatNumber(summary.inSync)} />
            <Statistic title={t('summary.outOfSync')} value={formatNumber(summary.outOfSync)} />
            <Statistic title={t('summary.rejected')} value={formatNumber(summary.rejected)} />
            <Statistic title={t('summary.errors')} value={formatNumber(summary.errors)} />
          </div>
          {summary.missing.length > 0 && (
            <div className="ls-muted ls-missing">
              {t('summary.mostMissing', {
                fields: summary.missing
                  .slice(0, 4)
                  .map((m) => `${fieldName(t, m.field)} (${formatNumber(m.count)})`)
                  .join(listSeparator()),
              })}
            </div>
          )}
        </Card>
      )}
      <Card>
        <div className="ls-toolbar">
          <Search
            allowClear
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            onSearch={(v) => {
              setPage(1);
              setSearch(v.trim());
            }}
          />
          <Select
            value={status}
            options={FILTERS.map((value) => ({ value, label: t(`filter.${value || 'all'}`) }))}
            onChange={(v) => {
              setPage(1);
              setStatus(v);
            }}
            aria-label={t('list.status')}
            className="ls-filter"
          />
        </div>
        <Table<ListingItem>
          rowKey="locationId"
          columns={columns}
          dataSource={list.data?.data}
          loading={list.isFetching && !list.data}
          rowSelection={
            canEdit
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  getCheckboxProps: (i) => ({ 'aria-label': t('list.select', { name: i.listing.name }) }),
                  getTitleCheckboxProps: () => ({ 'aria-label': t('list.selectAll') }),
                }
              : undefined
          }
          locale={{
            emptyText: <span className="ls-empty">{search || status ? t('list.noMatches') : t('list.empty')}</span>,
          }}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: setPage,
            showSizeChanger: false,
          }}
          data-testid="listings-table"
        />
      </Card>
      {open !== null && <ListingDrawer locationId={open} canEdit={canEdit} onClose={() => setOpen(null)} />}
      {bulk && (
        <BulkHoursModal
          locationIds={selected}
          onClose={() => {
            setBulk(false);
            setSelected([]);
          }}
        />
      )}
    </>
  );
}
