import { useState } from 'react';
import { App, Button, Card, Popconfirm, Progress, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import Search from 'antd/es/input/Search';
import { Table } from '../../app/ui/ResponsiveTable';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sourceTitle } from '@reputo/core';
import { formatNumber } from '../../i18n/format';
import { translateMessage } from '../../i18n/messages';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMe } from '../auth/queries';
import { download, locationsApi, type Location } from './api';
import { LazyUploadModal } from './LazyUploadModal';
import './settings.css';
import { settingsKeys } from './queryKeys';
import { placeContext } from './i18n';
import { lazyPart } from '../../lib/lazyPart';

const LocationDrawer = lazyPart(() => import('./LocationDrawer').then((m) => m.LocationDrawer));

const PER_PAGE = 20;

/** The company's locations (Products or Units by company type): list, add, edit, delete, upload, export. */
export default function LocationsPage() {
  const { t } = useTranslation('settings');
  const me = useMe().data;
  const title = me?.locationsTitle ?? 'Location';
  const context = placeContext(title);
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
      void message.success(
        r.reviews ? t('locations.deletedWithReviews', { count: r.reviews }) : t('locations.deleted'),
      );
      await queryClient.invalidateQueries({ queryKey: settingsKeys.locations.all });
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });

  const limit = list.data?.limit ?? options.data?.limit;
  const full = limit ? limit.used >= limit.max : false;
  const open = (l: Location | null) => {
    setEditing(l);
    setDrawer(true);
  };

  const columns: TableColumnsType<Location> = [
    {
      title: t('place.title', { context }),
      key: 'title',
      render: (_, l) => (
        <div>
          <div className="st-name" data-testid="location-title">
            <span dir="auto">{l.title}</span>
          </div>
          <div className="st-muted">
            <span dir="auto">
              {[l.locationId, [l.address, l.city].filter(Boolean).join(', ')].filter(Boolean).join(' · ') || '—'}
            </span>
          </div>
        </div>
      ),
    },
    {
      title: t('locations.brand'),
      key: 'tree',
      responsive: ['md'],
      render: (_, l) =>
        l.brand ? (
          <div>
            <div dir="auto">{l.brand}</div>
            {l.state ? (
              <div className="st-muted">
                <span dir="auto">{l.state}</span>
              </div>
            ) : (
              <div className="st-muted">{t('locations.noRegion')}</div>
            )}
          </div>
        ) : (
          <span className="st-muted">—</span>
        ),
    },
    {
      title: t('locations.sources'),
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
          <span className="st-muted">{t('locations.noneLinked')}</span>
        );
      },
    },
    {
      title: t('locations.timeZone'),
      dataIndex: 'timeZone',
      responsive: ['xl'],
      render: (v: string | null) => (v ? <span dir="ltr">{v}</span> : '—'),
    },
    {
      title: t('locations.reviews'),
      dataIndex: 'reviews',
      align: 'end',
      responsive: ['sm'],
      render: (n: number) => formatNumber(n),
    },
    {
      title: '',
      key: 'actions',
      align: 'end',
      render: (_, l) => (
        <Space>
          <Tooltip title={t('actions.edit')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => open(l)}
              aria-label={t('locations.editAria', { title: l.title })}
            />
          </Tooltip>
          <Popconfirm
            title={t('locations.deleteConfirm', { title: l.title })}
            description={l.reviews ? t('locations.deleteText', { count: l.reviews }) : undefined}
            okText={t('actions.delete')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(l.id)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('locations.deleteAria', { title: l.title })}
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
        title={t('place.titles', { context })}
        description={t('locations.description', { context })}
        extra={
          <Space wrap>
            <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('actions.upload')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void download('/v2/api/locations/export').catch((e: Error) =>
                  message.error(translateMessage(e.message)),
                )
              }
            >
              {t('actions.export')}
            </Button>
            <Tooltip title={full ? t('locations.limitTip', { context, max: limit?.max }) : undefined}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={full}
                onClick={() => open(null)}
                data-testid="location-add"
              >
                {t('locations.add', { context })}
              </Button>
            </Tooltip>
          </Space>
        }
      />
      <Card>
        <div className="st-toolbar">
          <div className="st-left">
            <Search
              placeholder={t('locations.search', { context })}
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
                placeholder={t('locations.allBrands')}
                aria-label={t('locations.brand')}
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
                {t('locations.limit', { context, used: formatNumber(limit.used), max: formatNumber(limit.max) })}
              </div>
              <Progress
                aria-label={t('locations.used', { context })}
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
            emptyText: search ? t('locations.noMatch', { context, search }) : t('locations.empty', { context }),
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
      {drawer && <LocationDrawer editing={editing} title={title} onClose={() => setDrawer(false)} />}
      <LazyUploadModal
        open={uploading}
        onClose={() => setUploading(false)}
        title={t('locations.uploadTitle', { context })}
        fields={locationsApi.fields}
        examplePath="/v2/api/locations/upload/example"
        upload={async (f, c) => {
          const r = await locationsApi.upload(f, c);
          await queryClient.invalidateQueries({ queryKey: settingsKeys.locations.all });
          return r;
        }}
        describe={(r: { added: number; updated: number }) =>
          t('locations.uploaded', { added: formatNumber(r.added), updated: formatNumber(r.updated) })
        }
      />
    </>
  );
}
