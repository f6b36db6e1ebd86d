import { useState } from 'react';
import { App, Button, Card, Popconfirm, Select, Space, Tooltip, type TableColumnsType } from 'antd';
// Deep import: the Input namespace would also bring TextArea, Password and OTP to this page.
import Search from 'antd/es/input/Search';
import { Table } from '../../app/ui/ResponsiveTable';
import { DeleteOutlined, EditOutlined, FileExcelOutlined, LoginOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../app/ui/PageHeader';
import { useActing } from '../auth/queries';
import { downloadFile, fetchPartners, partnersApi, type PartnerListItem } from './api';
import { StatusTag } from './StatusTag';
import { errorText, formatDate } from './format';
import './admin.css';
import { adminKeys } from './queryKeys';

const PER_PAGE = 20;

/** Partners (Owner only): search, status, export, the wizard, delete, and acting as a partner. */
export default function PartnersPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { actAs, canActAs } = useActing();
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
      void message.success('Partner deleted');
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
      title: 'Partner',
      dataIndex: 'name',
      render: (n: string, p) => (
        <a
          className="strong-link"
          onClick={() => navigate(`/admin_panel/partners/${p.id}/information`)}
          data-testid="partner-name"
        >
          {n}
        </a>
      ),
    },
    { title: 'Type', dataIndex: 'type', responsive: ['md'] },
    { title: 'Email', dataIndex: 'email', responsive: ['lg'] },
    { title: 'Package', dataIndex: 'package', responsive: ['lg'] },
    { title: 'Companies', dataIndex: 'companies_count', align: 'right', responsive: ['md'] },
    { title: 'Start date', dataIndex: 'startDate', responsive: ['xl'], render: (v?: string) => formatDate(v) },
    { title: 'Status', dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    {
      title: '',
      key: 'act',
      align: 'right',
      render: (_, p) => (
        <Space size={4} wrap={false}>
          {canActAs('partner') && (
            <Button
              size="small"
              icon={<LoginOutlined />}
              onClick={() => actAs('partner', { id: p.id, userName: p.name })}
              data-testid={`act-partner-${p.id}`}
            >
              Act as
            </Button>
          )}
          <Tooltip title="Edit">
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              onClick={() => navigate(`/admin_panel/partners/${p.id}/information`)}
              aria-label={`Edit ${p.name}`}
              data-testid={`edit-partner-${p.id}`}
            />
          </Tooltip>
          <Popconfirm
            title="Delete this partner?"
            description="Its administrators are deleted; its companies stay, without a partner."
            okText="Yes"
            cancelText="No"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(p.id)}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Delete ${p.name}`}
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
        title="Partners"
        description="Agencies and resellers that run companies on Reputo."
        extra={
          <Space wrap>
            <Button
              icon={<FileExcelOutlined />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate()}
              data-testid="export-partners"
            >
              Export
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/admin_panel/partners/new')}
              data-testid="new-partner"
            >
              New partner
            </Button>
          </Space>
        }
      />
      <Card>
        <div className="list-toolbar">
          <Search
            placeholder="Search partners"
            allowClear
            style={{ maxWidth: 320 }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
            data-testid="partner-search"
          />
          <Select
            allowClear
            placeholder="All statuses"
            aria-label="Status"
            style={{ width: 160 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={[
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
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
            showTotal: (t) => `${t} partners`,
          }}
          scroll={{ x: true }}
        />
      </Card>
    </>
  );
}
