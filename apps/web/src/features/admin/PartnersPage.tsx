import { useState } from 'react';
import { App, Button, Card, Popconfirm, Select, Space, Tooltip, type TableColumnsType } from 'antd';
// Deep import: the Input namespace would also bring TextArea, Password and OTP to this page.
import Search from 'antd/es/input/Search';
import { Table } from '../../app/ui/ResponsiveTable';
import { DeleteOutlined, EditOutlined, FileExcelOutlined, LoginOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/ui/PageHeader';
import { useActing } from '../auth/queries';
import { downloadFile, fetchPartners, partnersApi, type PartnerListItem } from './api';
import { StatusTag } from './StatusTag';
import { errorText, formatDate, formatNumber } from './format';
import { packageLabel, partnerTypeLabel } from './labels';
import './admin.css';
import { adminKeys } from './queryKeys';

const PER_PAGE = 20;

/** Partners (Owner only): search, status, export, the wizard, delete, and acting as a partner. */
export default function PartnersPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { actAs, canActAs } = useActing();
  const mayActAsPartner = canActAs('partner');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | undefined>();
  const list = useQuery({
    queryKey: adminKeys.partners.page(page, search, status),
    queryFn: ({ signal }) => fetchPartners({ page, per_page: PER_PAGE, search, status }, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => partnersApi.remove(id),
    onSuccess: () => {
      void message.success(t('partners.deleted'));
      void queryClient.invalidateQueries({ queryKey: adminKeys.partners.all });
    },
    onError: (e) => void message.error(errorText(e)),
  });
  const exporting = useMutation({
    mutationFn: () => downloadFile('/v2/api/admin/partners/export', { search, status }),
    onError: (e) => void message.error(errorText(e)),
  });
  const columns: TableColumnsType<PartnerListItem> = [
    {
      title: t('partners.columns.partner'),
      dataIndex: 'name',
      render: (n: string, p) => (
        <a
          className="strong-link"
          onClick={() => navigate(`/admin_panel/partners/${p.id}/information`)}
          data-testid="partner-name"
        >
          <bdi>{n}</bdi>
        </a>
      ),
    },
    {
      title: t('partners.columns.type'),
      dataIndex: 'type',
      responsive: ['md'],
      render: (v: string) => partnerTypeLabel(t, v),
    },
    {
      title: t('partners.columns.email'),
      dataIndex: 'email',
      responsive: ['lg'],
      render: (v: string) => <bdi>{v}</bdi>,
    },
    {
      title: t('partners.columns.package'),
      dataIndex: 'package',
      responsive: ['lg'],
      render: (v: string) => packageLabel(t, v),
    },
    {
      title: t('partners.columns.companies'),
      dataIndex: 'companies_count',
      align: 'end',
      responsive: ['md'],
      render: (n: number) => formatNumber(n),
    },
    {
      title: t('partners.columns.startDate'),
      dataIndex: 'startDate',
      responsive: ['xl'],
      render: (v?: string) => formatDate(v),
    },
    { title: t('partners.columns.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    {
      title: '',
      key: 'act',
      align: 'end',
      render: (_, p) => (
        <Space size={4} wrap={false}>
          {mayActAsPartner && (
            <Button
              size="small"
              icon={<LoginOutlined />}
              onClick={() => actAs('partner', { id: p.id, userName: p.name })}
              data-testid={`act-partner-${p.id}`}
            >
              {t('partners.actAs')}
            </Button>
          )}
          <Tooltip title={t('common:edit')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              onClick={() => navigate(`/admin_panel/partners/${p.id}/information`)}
              aria-label={t('partners.editNamed', { name: p.name })}
              data-testid={`edit-partner-${p.id}`}
            />
          </Tooltip>
          <Popconfirm
            title={t('partners.deleteTitle')}
            description={t('partners.deleteText')}
            okText={t('common:yes')}
            cancelText={t('common:no')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(p.id)}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('partners.deleteNamed', { name: p.name })}
              data-testid={`delete-partner-${p.id}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('partners.title')}
        description={t('partners.description')}
        extra={
          <Space wrap>
            <Button
              icon={<FileExcelOutlined />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate()}
              data-testid="export-partners"
            >
              {t('export')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/admin_panel/partners/new')}
              data-testid="new-partner"
            >
              {t('partners.new')}
            </Button>
          </Space>
        }
      />
      <Card>
        <div className="list-toolbar">
          <Search
            placeholder={t('partners.search')}
            allowClear
            style={{ maxInlineSize: 320 }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
            data-testid="partner-search"
          />
          <Select
            allowClear
            placeholder={t('allStatuses')}
            aria-label={t('partners.columns.status')}
            style={{ inlineSize: 160 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={[
              { value: 'active', label: t('status.active') },
              { value: 'inactive', label: t('status.inactive') },
            ]}
          />
        </div>
        <Table
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data}
          loading={list.isFetching}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: list.data?.count,
            onChange: setPage,
            showSizeChanger: false,
            showTotal: (total) => t('partners.total', { count: total, total: formatNumber(total) }),
          }}
          scroll={{ x: true }}
        />
      </Card>
    </>
  );
}
