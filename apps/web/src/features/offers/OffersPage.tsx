import { useState } from 'react';
import { App, Button, Card, Dropdown, Input, Popconfirm, Progress, Space, Tag, type TableColumnsType } from 'antd';
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
import { PageHeader } from '../../app/ui/PageHeader';
import { Table } from '../../app/ui/ResponsiveTable';
import { useMe } from '../auth/queries';
import { offerKeys, offersApi, type Offer } from './api';
import { GenerateModal, UploadCodesModal } from './CodeModals';
import { OfferDrawer } from './OfferDrawer';
import { RedeemPanel } from './RedeemPanel';
import './offers.css';

const MANAGERS = ['owner', 'partner', 'master_admin', 'manager'];
const REDEEMERS = [...MANAGERS, 'responder'];

const STATUS: Record<Offer['status'], { color: string; label: string }> = {
  active: { color: 'green', label: 'Active' },
  scheduled: { color: 'blue', label: 'Scheduled' },
  expired: { color: 'default', label: 'Expired' },
  inactive: { color: 'default', label: 'Inactive' },
};

function validity(o: Offer): string {
  if (o.valid_from && o.valid_to) return `${o.valid_from} – ${o.valid_to}`;
  if (o.valid_from) return `From ${o.valid_from}`;
  if (o.valid_to) return `Until ${o.valid_to}`;
  return 'Always';
}

type Dialog = { kind: 'edit'; offer: Offer | 'new' } | { kind: 'generate' | 'upload'; offer: Offer } | null;

/** /feedback/offers: offers with their codes, generate and upload codes, exports, and redeeming a code. */
export default function OffersPage() {
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
      title: 'Offer',
      key: 'offer',
      render: (_, o) => (
        <div>
          <div className="of-title">{o.title}</div>
          <div className="of-sub">{o.discount_label}</div>
        </div>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, o) => <Tag color={STATUS[o.status].color}>{STATUS[o.status].label}</Tag>,
    },
    { title: 'Valid', key: 'valid', render: (_, o) => validity(o) },
    {
      title: 'Issued',
      dataIndex: 'issued',
      align: 'right',
      render: (v: number) => <span data-testid="offer-issued">{v.toLocaleString('en')}</span>,
    },
    {
      title: 'Redeemed',
      dataIndex: 'redeemed',
      align: 'right',
      render: (v: number) => <span data-testid="offer-redeemed">{v.toLocaleString('en')}</span>,
    },
    {
      title: 'Rate',
      key: 'rate',
      width: 140,
      render: (_, o) =>
        o.redemption_rate === null ? (
          <span className="of-sub">No codes yet</span>
        ) : (
          <Progress
            percent={o.redemption_rate}
            size="small"
            format={(p) => `${p}%`}
            aria-label={`Redemption rate of ${o.title}`}
          />
        ),
    },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, o) => (
        <Space wrap>
          {manage && (
            <Button
              size="small"
              icon={<NumberOutlined />}
              onClick={() => setDialog({ kind: 'generate', offer: o })}
              data-testid="offer-generate"
            >
              Generate codes
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
                        label: 'Edit',
                        onClick: () => setDialog({ kind: 'edit', offer: o }),
                      },
                      {
                        key: 'upload',
                        icon: <UploadOutlined />,
                        label: 'Upload codes',
                        onClick: () => setDialog({ kind: 'upload', offer: o }),
                      },
                    ]
                  : []),
                {
                  key: 'export',
                  icon: <DownloadOutlined />,
                  label: 'Export codes',
                  onClick: () => download(() => offersApi.exportCoupons(o.id)),
                },
              ],
            }}
          >
            <Button size="small" icon={<MoreOutlined />} aria-label={`More for ${o.title}`} />
          </Dropdown>
          {manage && (
            <Popconfirm
              title="Delete this offer and all its codes?"
              okText="Delete"
              okButtonProps={{ danger: true }}
              cancelText="Cancel"
              onConfirm={() => remove.mutate(o.id)}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${o.title}`} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Offers"
        description="Discounts your customers receive as unique coupon codes, and the codes redeemed at your locations."
        extra={
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => download(offersApi.exportOffers)}>
              Export offers
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => download(() => offersApi.exportCoupons())}>
              Export coupons
            </Button>
            {manage && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ kind: 'edit', offer: 'new' })}
                data-testid="offer-new"
              >
                New offer
              </Button>
            )}
          </Space>
        }
      />
      <RedeemPanel canRedeem={REDEEMERS.includes(role)} />
      <Card>
        <div className="of-toolbar">
          <Input.Search
            allowClear
            placeholder="Search offers"
            aria-label="Search offers"
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
            emptyText: (
              <span className="of-empty">
                {search ? 'No offer matches.' : 'No offers yet. Create one to give customers a reason to come back.'}
              </span>
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
          data-testid="offers-table"
        />
      </Card>
      {dialog?.kind === 'edit' && <OfferDrawer editing={dialog.offer} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'generate' && <GenerateModal offer={dialog.offer} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'upload' && <UploadCodesModal offer={dialog.offer} onClose={() => setDialog(null)} />}
    </>
  );
}
