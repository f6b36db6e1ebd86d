import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Dropdown,
  Popconfirm,
  Select,
  Space,
  Tooltip,
  type MenuProps,
  type TableColumnsType,
} from 'antd';
// Deep import: the Input namespace would also bring TextArea, Password and OTP to this page.
import Search from 'antd/es/input/Search';
import { Table } from '../../app/ui/ResponsiveTable';
import {
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  FileExcelOutlined,
  LoginOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { roleLabel } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { useActing } from '../auth/queries';
import { companiesApi, downloadFile, fetchCompanies, type CompanyListItem } from './api';
import { StatusTag } from './StatusTag';
import { errorText, formatDate } from './format';
import './admin.css';
import { adminKeys } from './queryKeys';

const PER_PAGE = 20;

/** Act as the company, or (menu) as one of its users; the users load when the menu opens. */
function ActAs({ company }: { company: CompanyListItem }) {
  const { actAs, canActAs } = useActing();
  const [open, setOpen] = useState(false);
  const users = useQuery({
    queryKey: adminKeys.companies.users(company.id),
    queryFn: ({ signal }) => companiesApi.users(company.id, signal),
    enabled: open,
  });
  if (!canActAs('company')) return null;
  const asCompany = () =>
    actAs('company', { id: company.id, userName: company.company_name, companyType: company.type });
  const items: MenuProps['items'] = users.isLoading
    ? [{ key: 'loading', label: 'Loading users…', disabled: true }]
    : (users.data?.data ?? []).filter((u) => u.status === 'active').length === 0
      ? [{ key: 'none', label: 'No active users yet', disabled: true }]
      : (users.data?.data ?? [])
          .filter((u) => u.status === 'active')
          .map((u) => ({
            key: String(u.id),
            label: (
              <span data-testid={`act-user-${u.id}`}>
                {u.userName} <span className="muted">· {roleLabel(u.role)}</span>
              </span>
            ),
          }));
  const onUser: MenuProps['onClick'] = ({ key }) => {
    const user = users.data?.data.find((u) => String(u.id) === key);
    if (user && canActAs('user')) actAs('user', { id: user.id, userName: user.userName });
  };
  return (
    <Space.Compact size="small">
      <Button size="small" icon={<LoginOutlined />} onClick={asCompany} data-testid={`act-company-${company.id}`}>
        Act as
      </Button>
      {canActAs('user') && (
        <Dropdown menu={{ items, onClick: onUser }} trigger={['click']} onOpenChange={setOpen}>
          <Button
            size="small"
            icon={<DownOutlined />}
            aria-label="Act as one of its users"
            data-testid={`act-users-${company.id}`}
          />
        </Dropdown>
      )}
    </Space.Compact>
  );
}

/** Companies (all for the Owner, its own for a Partner): search, status, export, edit, delete, act as. */
export default function CompaniesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | undefined>();
  const list = useQuery({
    queryKey: adminKeys.companies.page(page, search, status),
    queryFn: ({ signal }) => fetchCompanies({ page, per_page: PER_PAGE, search, status }, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => companiesApi.remove(id),
    onSuccess: () => {
      void message.success('Company deleted');
      void queryClient.invalidateQueries({ queryKey: adminKeys.companies.all });
    },
    onError: (e) => void message.error(errorText(e)),
  });
  const exporting = useMutation({
    mutationFn: () => downloadFile('/v2/api/admin/companies/export', { search, status }),
    onError: (e) => void message.error(errorText(e)),
  });

  const columns: TableColumnsType<CompanyListItem> = [
    {
      title: 'Company',
      dataIndex: 'company_name',
      render: (name: string, c) => (
        <div>
          <a
            onClick={() => navigate(`/admin_panel/companies/${c.id}/edit`)}
            className="strong-link"
            data-testid="company-name"
          >
            {name}
          </a>
          <div className="muted small">{c.type}</div>
        </div>
      ),
    },
    {
      title: 'City',
      key: 'where',
      responsive: ['md'],
      render: (_, c) => [c.city, c.country].filter(Boolean).join(', ') || '—',
    },
    { title: 'Package', dataIndex: 'package', responsive: ['lg'] },
    { title: 'Partner', dataIndex: 'partner_name', responsive: ['xl'], render: (v: string | null) => v ?? '—' },
    { title: 'Locations', dataIndex: 'locations_count', align: 'right', responsive: ['md'] },
    { title: 'Created', dataIndex: 'created_at', responsive: ['xl'], render: (v?: string) => formatDate(v) },
    { title: 'Status', dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, c) => (
        <Space size={4} wrap={false}>
          <ActAs company={c} />
          <Tooltip title="Edit">
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              onClick={() => navigate(`/admin_panel/companies/${c.id}/edit`)}
              aria-label={`Edit ${c.company_name}`}
              data-testid={`edit-company-${c.id}`}
            />
          </Tooltip>
          <Popconfirm
            title="Delete this company?"
            description="Its brands, locations, team and reviews are deleted too."
            okText="Yes"
            cancelText="No"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(c.id)}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Delete ${c.company_name}`}
              data-testid={`delete-company-${c.id}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Companies"
        description="Every company you manage. Act as a company to see Reputo as its team does."
        extra={
          <Space wrap>
            <Button
              icon={<FileExcelOutlined />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate()}
              data-testid="export-companies"
            >
              Export
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/admin_panel/companies/new')}
              data-testid="new-company"
            >
              New company
            </Button>
          </Space>
        }
      />
      <Card>
        <div className="list-toolbar">
          <Search
            placeholder="Search companies"
            allowClear
            style={{ maxWidth: 320 }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
            data-testid="company-search"
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
            data-testid="company-status-filter"
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
            showTotal: (t) => `${t} companies`,
          }}
          scroll={{ x: true }}
        />
      </Card>
    </>
  );
}
