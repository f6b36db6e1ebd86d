import { lazy, Suspense, useState } from 'react';
import { App, Button, Card, Input, Progress, Select, Space, Statistic, Tag, type TableColumnsType } from 'antd';
import { ClockCircleOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../app/ui/PageHeader';
import { Table } from '../../app/ui/ResponsiveTable';
import { useMe } from '../auth/queries';
import { BulkHoursModal } from './BulkHoursModal';
import { listingKeys, listingsApi, STATUS, type ListingItem } from './api';
import './listings.css';

// The edit drawer (forms, attributes, photo uploads, history) loads when a listing is opened.
const ListingDrawer = lazy(() => import('./ListingDrawer').then((m) => ({ default: m.ListingDrawer })));

const EDITORS = ['owner', 'partner', 'master_admin', 'manager'];
const FILTERS = [
  { value: '', label: 'All statuses' },
  { value: 'out_of_sync', label: 'Out of sync' },
  { value: 'rejected', label: 'Rejected edits' },
  { value: 'pending', label: 'Pending' },
  { value: 'error', label: 'Error' },
  { value: 'in_sync', label: 'In sync' },
];

/** /listing_management: each location's listing, its status on Google and Facebook, edits and bulk hours. */
export default function ListingsPage() {
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

  const columns: TableColumnsType<ListingItem> = [
    {
      title: 'Location',
      key: 'location',
      render: (_, i) => (
        <div>
          <div className="ls-title">{i.listing.name}</div>
          <div className="ls-muted">
            {[i.listing.address, i.listing.city].filter(Boolean).join(', ') || 'No address'}
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
            <Tag color={STATUS[d.status].color} title={d.reason ?? undefined} data-testid={`status-${dir}`}>
              {STATUS[d.status].label}
            </Tag>
            {dir === 'google' && i.rejectedEdits.length > 0 && (
              <Tag color="volcano" data-testid="rejected-tag">
                {i.rejectedEdits.length} rejected edit{i.rejectedEdits.length === 1 ? '' : 's'}
              </Tag>
            )}
          </Space>
        );
      },
    })),
    {
      title: 'Completeness',
      key: 'score',
      width: 170,
      render: (_, i) => (
        <div title={i.missing.length ? `Missing: ${i.missing.join(', ')}` : 'Complete'}>
          <Progress percent={i.score} size="small" aria-label={`Completeness of ${i.listing.name}`} />
        </div>
      ),
    },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, i) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(i.locationId)} data-testid="listing-open">
          {canEdit ? 'Edit' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Listing Management"
        description="One true record of each location's business information, published to Google and Facebook."
        extra={
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void listingsApi.export().catch((e: Error) => message.error(e.message))}
            >
              Export
            </Button>
            {canEdit && (
              <Button
                type="primary"
                icon={<ClockCircleOutlined />}
                disabled={!selected.length}
                onClick={() => setBulk(true)}
                data-testid="bulk-hours"
              >
                Edit hours{selected.length ? ` (${selected.length})` : ''}
              </Button>
            )}
          </Space>
        }
      />
      {summary && (
        <Card className="ls-block">
          <div className="ls-summary" data-testid="listing-summary">
            <Statistic title="Completeness" value={summary.score} suffix="%" />
            <Statistic title="Accuracy" value={summary.accuracy ?? '—'} suffix={summary.accuracy === null ? '' : '%'} />
            <Statistic title="In sync" value={summary.inSync} />
            <Statistic title="Out of sync" value={summary.outOfSync} />
            <Statistic title="Rejected edits" value={summary.rejected} />
            <Statistic title="Errors" value={summary.errors} />
          </div>
          {summary.missing.length > 0 && (
            <div className="ls-muted ls-missing">
              Most missing:{' '}
              {summary.missing
                .slice(0, 4)
                .map((m) => `${m.label} (${m.count})`)
                .join(', ')}
            </div>
          )}
        </Card>
      )}
      <Card>
        <div className="ls-toolbar">
          <Input.Search
            allowClear
            placeholder="Search locations"
            aria-label="Search locations"
            onSearch={(v) => {
              setPage(1);
              setSearch(v.trim());
            }}
          />
          <Select
            value={status}
            options={FILTERS}
            onChange={(v) => {
              setPage(1);
              setStatus(v);
            }}
            aria-label="Status"
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
                  getCheckboxProps: (i) => ({ 'aria-label': `Select ${i.listing.name}` }),
                  getTitleCheckboxProps: () => ({ 'aria-label': 'Select all locations on this page' }),
                }
              : undefined
          }
          locale={{
            emptyText: (
              <span className="ls-empty">{search || status ? 'No location matches.' : 'No locations yet.'}</span>
            ),
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
      {open !== null && (
        <Suspense fallback={null}>
          <ListingDrawer locationId={open} canEdit={canEdit} onClose={() => setOpen(null)} />
        </Suspense>
      )}
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
