import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Input,
  Popconfirm,
  Progress,
  Select,
  Space,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pluralize, sourceTitle } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMe } from '../auth/queries';
import { download, locationsApi, type Location } from './api';
import { LocationDrawer } from './LocationDrawer';
import { UploadModal } from './UploadModal';
import './settings.css';
import { settingsKeys } from './queryKeys';

const PER_PAGE = 20;

/** The company's locations (Products or Units by company type): list, add, edit, delete, upload, export. */
export default function LocationsPage() {
  const me = useMe().data;
  const title = me?.locationsTitle ?? 'Location';
  const plural = pluralize(title);
  const noun = title.toLowerCase();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [brand, setBrand] = useState<number | undefined>();
  const [editing, setEditing] = useState<Location | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [uploading, setUploading] = useState(false);
  const list = useQuery({
    queryKey: settingsKeys.locations.list(page, search, brand),
    queryFn: ({ signal }) => locationsApi.list({ page, per_page: PER_PAGE, search, brand }, signal),
    placeholderData: keepPreviousData,
  });
  const options = useQuery({
    queryKey: settingsKeys.locations.options,
    queryFn: ({ signal }) => locationsApi.options(signal),
  });
  const remove = useMutation({
    mutationFn: locationsApi.remove,
    onSuccess: async (r) => {
      void message.success(r.reviews ? `Deleted with its ${r.reviews} reviews.` : 'Deleted.');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.locations.all });
    },
    onError: (e) => void message.error(e.message),
  });

  const limit = list.data?.limit ?? options.data?.limit;
  const full = limit ? limit.used >= limit.max : false;
  const open = (l: Location | null) => {
    setEditing(l);
    setDrawer(true);
  };

  const columns: TableColumnsType<Location> = [
    {
      title: title,
      key: 'title',
      render: (_, l) => (
        <div>
          <div className="st-name" data-testid="location-title">
            {l.title}
          </div>
          <div className="st-muted">
            {[l.locationId, [l.address, l.city].filter(Boolean).join(', ')].filter(Boolean).join(' · ') || '—'}
          </div>
        </div>
      ),
    },
    {
      title: 'Brand',
      key: 'tree',
      responsive: ['md'],
      render: (_, l) =>
        l.brand ? (
          <div>
            {l.brand}
            <div className="st-muted">{l.state ?? 'No region'}</div>
          </div>
        ) : (
          <span className="st-muted">—</span>
        ),
    },
    {
      title: 'Sources',
      key: 'sources',
      responsive: ['lg'],
      render: (_, l) => {
        const linked = Object.keys(l.sourceUrls);
        return linked.length ? (
          <Space size={[4, 4]} wrap>
            {linked.map((s) => (
              <Tag key={s}>{sourceTitle(s)}</Tag>
            ))}
          </Space>
        ) : (
          <span className="st-muted">None linked</span>
        );
      },
    },
    { title: 'Time zone', dataIndex: 'timeZone', responsive: ['xl'], render: (v: string | null) => v ?? '—' },
    {
      title: 'Reviews',
      dataIndex: 'reviews',
      align: 'right',
      responsive: ['sm'],
      render: (n: number) => n.toLocaleString(),
    },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, l) => (
        <Space>
          <Tooltip title="Edit">
            <Button size="small" icon={<EditOutlined />} onClick={() => open(l)} aria-label={`Edit ${l.title}`} />
          </Tooltip>
          <Popconfirm
            title={`Delete ${l.title}?`}
            description={l.reviews ? `Its ${l.reviews.toLocaleString()} reviews are deleted too.` : undefined}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(l.id)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Delete ${l.title}`}
              loading={remove.isPending && remove.variables === l.id}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={plural}
        description={`Your ${plural.toLowerCase()}, their brand and region, and their pages on each review source.`}
        extra={
          <Space wrap>
            <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              Upload
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void download('/v2/api/locations/export').catch((e: Error) => message.error(e.message))}
            >
              Export
            </Button>
            <Tooltip title={full ? `Your package allows ${limit?.max} ${plural.toLowerCase()}.` : undefined}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={full}
                onClick={() => open(null)}
                data-testid="location-add"
              >
                Add {noun}
              </Button>
            </Tooltip>
          </Space>
        }
      />
      <Card>
        <div className="st-toolbar">
          <div className="st-left">
            <Input.Search
              placeholder={`Search ${plural.toLowerCase()}`}
              allowClear
              style={{ maxWidth: 300 }}
              onSearch={(v) => {
                setSearch(v.trim());
                setPage(1);
              }}
              data-testid="location-search"
            />
            {(options.data?.brands.length ?? 0) > 0 && (
              <Select
                allowClear
                placeholder="All brands"
                aria-label="Brand"
                style={{ minWidth: 180 }}
                value={brand}
                onChange={(v?: number) => {
                  setBrand(v);
                  setPage(1);
                }}
                options={options.data!.brands.map((b) => ({ value: b.id, label: b.title }))}
              />
            )}
          </div>
          {limit && (
            <div className="st-limit" data-testid="location-limit">
              <div className="st-muted">
                {limit.used} of {limit.max} {plural.toLowerCase()} in your package
              </div>
              <Progress
                aria-label={`${plural} used`}
                percent={limit.max ? Math.min(100, Math.round((limit.used / limit.max) * 100)) : 100}
                showInfo={false}
                size="small"
                strokeColor={full ? '#dc2626' : '#4f46e5'}
              />
            </div>
          )}
        </div>
        <Table
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data}
          loading={list.isFetching}
          locale={{
            emptyText: search
              ? `No ${plural.toLowerCase()} match “${search}”.`
              : `No ${plural.toLowerCase()} yet. Add one or upload a file.`,
          }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: list.data?.total,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          scroll={{ x: true }}
        />
      </Card>
      <LocationDrawer open={drawer} editing={editing} title={title} onClose={() => setDrawer(false)} />
      <UploadModal
        open={uploading}
        onClose={() => setUploading(false)}
        title={`Upload ${plural.toLowerCase()}`}
        fields={locationsApi.fields}
        examplePath="/v2/api/locations/upload/example"
        upload={async (f, c) => {
          const r = await locationsApi.upload(f, c);
          await queryClient.invalidateQueries({ queryKey: settingsKeys.locations.all });
          return r;
        }}
        describe={(r: { added: number; updated: number }) => `${r.added} added, ${r.updated} updated.`}
      />
    </>
  );
}
