import { useState } from 'react';
import { App, Button, Card, Dropdown, Popconfirm, Progress, Space, Tag, type TableColumnsType } from 'antd';
import Search from 'antd/es/input/Search';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  MoreOutlined,
  NumberOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDate, formatNumber } from '../../i18n/format';
import { PageHeader } from '../../app/ui/PageHeader';
import { Table } from '../../app/ui/ResponsiveTable';
import { useMe } from '../auth/queries';
import { offerKeys, offersApi, type Offer } from './api';
import { discountText } from './discount';
import { RedeemPanel } from './RedeemPanel';
import './offers.css';
import { lazyPart } from '../../lib/lazyPart';

const OfferDrawer = lazyPart(() => import('./OfferDrawer').then((m) => m.OfferDrawer));
const GenerateModal = lazyPart(() => import('./CodeModals').then((m) => m.GenerateModal));
const UploadCodesModal = lazyPart(() => import('./CodeModals').then((m) => m.UploadCodesModal));

const MANAGERS = ['owner', 'partner', 'master_admin', 'manager'];
const REDEEMERS = [...MANAGERS, 'responder'];

/** Each status's tag colour; its label is `offers:status.<status>`. */
const STATUS: Record<Offer['status'], string> = {
  active: 'green',
  scheduled: 'blue',
  expired: 'default',
  inactive: 'default',
};

/** A YYYY-MM-DD day in the user's language. */
const day = (d: string) => formatDate(d, { dateStyle: 'medium', timeZone: 'UTC' });

function validity(o: Offer, t: TFunction): string {
  if (o.valid_from && o.valid_to) return t('validity.range', { from: day(o.valid_from), to: day(o.valid_to) });
  if (o.valid_from) return t('validity.from', { from: day(o.valid_from) });
  if (o.valid_to) return t('validity.until', { to: day(o.valid_to) });
  return t('validity.always');
}

type Dialog = { kind: 'edit'; offer: Offer | 'new' } | { kind: 'generate' | 'upload'; offer: Offer } | null;

/** /feedback/offers: offers with their codes, generate and upload codes, exports, and redeeming a code. */
export default function OffersPage() {
  const { t } = useTranslation('offers');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const role = useMe().data?.role ?? 'analyst';
  const manage = MANAGERS.includes(role);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useQuery({
    queryKey: offerKeys.list(page, search),
    queryFn: ({ signal }) => offersApi.list(page, search, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => offersApi.remove(id),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: offerKeys.all });
      void message.success(r.message);
    },
    onError: (e) => void message.error(e.message),
  });
  const download = (run: () => Promise<void>) => void run().catch((e: Error) => message.error(e.message));

  const columns: TableColumnsType<Offer> = [
    {
      title: t('list.offer'),
      key: 'offer',
      render: (_, o) => (
        <div>
          <div className="of-title" dir="auto">
            {o.title}
          </div>
          <div className="of-sub" dir="auto">
            {discountText(o)}
          </div>
        </div>
      ),
    },
    {
      title: t('list.status'),
      key: 'status',
      render: (_, o) => <Tag color={STATUS[o.status]}>{t(`status.${o.status}`)}</Tag>,
    },
    { title: t('list.valid'), key: 'valid', render: (_, o) => validity(o, t) },
    {
      title: t('list.issued'),
      dataIndex: 'issued',
      align: 'end',
      render: (v: number) => <span data-testid="offer-issued">{formatNumber(v)}</span>,
    },
    {
      title: t('list.redeemed'),
      dataIndex: 'redeemed',
      align: 'end',
      render: (v: number) => <span data-testid="offer-redeemed">{formatNumber(v)}</span>,
    },
    {
      title: t('list.rate'),
      key: 'rate',
      width: 140,
      render: (_, o) =>
        o.redemption_rate === null ? (
          <span className="of-sub">{t('list.noCodes')}</span>
        ) : (
          <Progress
            percent={o.redemption_rate}
            size="small"
            format={(p) => formatNumber((p ?? 0) / 100, { style: 'percent', maximumFractionDigits: 1 })}
            aria-label={t('list.rateOf', { title: o.title })}
          />
        ),
    },
    {
      title: '',
      key: 'actions',
      align: 'end',
      render: (_, o) => (
        <Space wrap>
          {manage && (
            <Button
              size="small"
              icon={<NumberOutlined />}
              onClick={() => setDialog({ kind: 'generate', offer: o })}
              data-testid="offer-generate"
            >
              {t('list.generate')}
            </Button>
          )}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...(manage
                  ? [
                      {
                        key: 'edit',
                        icon: <EditOutlined />,
                        label: t('list.edit'),
                        onClick: () => setDialog({ kind: 'edit', offer: o }),
                      },
                      {
                        key: 'upload',
                        icon: <UploadOutlined />,
                        label: t('list.upload'),
                        onClick: () => setDialog({ kind: 'upload', offer: o }),
                      },
                    ]
                  : []),
                {
                  key: 'export',
                  icon: <DownloadOutlined />,
                  label: t('list.exportCodes'),
                  onClick: () => download(() => offersApi.exportCoupons(o.id)),
                },
              ],
            }}
          >
            <Button size="small" icon={<MoreOutlined />} aria-label={t('list.moreFor', { title: o.title })} />
          </Dropdown>
          {manage && (
            <Popconfirm
              title={t('list.deleteConfirm')}
              okText={t('list.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('list.cancel')}
              onConfirm={() => remove.mutate(o.id)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('list.deleteOf', { title: o.title })}
              />
            </Popconfirm>
          )}
        </Space>
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
            <Button icon={<DownloadOutlined />} onClick={() => download(offersApi.exportOffers)}>
              {t('exportOffers')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => download(() => offersApi.exportCoupons())}>
              {t('exportCoupons')}
            </Button>
            {manage && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ kind: 'edit', offer: 'new' })}
                data-testid="offer-new"
              >
                {t('new')}
              </Button>
            )}
          </Space>
        }
      />
      <RedeemPanel canRedeem={REDEEMERS.includes(role)} />
      <Card>
        <div className="of-toolbar">
          <Search
            allowClear
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            onSearch={(v) => {
              setPage(1);
              setSearch(v.trim());
            }}
          />
        </div>
        <Table<Offer>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data}
          loading={list.isFetching}
          locale={{
            // Our own colour: antd's faint placeholder grey is below the contrast a reader needs.
            emptyText: <span className="of-empty">{search ? t('list.noMatches') : t('list.empty')}</span>,
          }}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: setPage,
            showSizeChanger: false,
          }}
          data-testid="offers-table"
        />
      </Card>
      {dialog?.kind === 'edit' && <OfferDrawer editing={dialog.offer} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'generate' && <GenerateModal offer={dialog.offer} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'upload' && <UploadCodesModal offer={dialog.offer} onClose={() => setDialog(null)} />}
    </>
  );
}
