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
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/ui/PageHeader';
import { useActing } from '../auth/queries';
import { companiesApi, downloadFile, fetchCompanies, type CompanyListItem } from './api';
import { StatusTag } from './StatusTag';
import { errorText, formatDate, formatNumber } from './format';
import { companyTypeLabel, countryName, listSeparator, packageLabel, roleName } from './labels';
import './admin.css';
import { adminKeys } from './queryKeys';

const PER_PAGE = 20;

/** Act as the company, or (menu) as one of its users; the users load when the menu opens. */
function ActAs({ company }: { company: CompanyListItem }) {
  const { t } = useTranslation('admin');
  const { actAs, canActAs } = useActing();
  const [open, setOpen] = useState(false);
  const users = useQuery({
    queryKey: adminKeys.companies.users(company.id),
    queryFn: ({ signal }) => companiesApi.users(company.id, signal),
    enabled: open,
  });
  const mayActAsUser = canActAs('user');
  if (!canActAs('company')) return null;
  const asCompany = () =>
    actAs('company', { id: company.id, userName: company.company_name, companyType: company.type });
  const items: MenuProps['items'] = users.isLoading
    ? [{ key: 'loading', label: t('companies.loadingUsers'), disabled: true }]
    : (users.data?.data ?? []).filter((u) => u.status === 'active').length === 0
      ? [{ key: 'none', label: t('companies.noActiveUsers'), disabled: true }]
      : (users.data?.data ?? [])
          .filter((u) => u.status === 'active')
          .map((u) => ({
            key: String(u.id),
            label: (
              <span data-testid={`act-user-${u.id}`}>
                <bdi>{u.userName}</bdi> <span className="muted">· {roleName(t, u.role)}</span>
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
        {t('actAs')}
      </Button>
      {mayActAsUser && (
        <Dropdown menu={{ items, onClick: onUser }} trigger={['click']} onOpenChange={setOpen}>
          <Button
            size="small"
            icon={<DownOutlined />}
            aria-label={t('companies.actAsUser')}
            data-testid={`act-users-${company.id}`}
          />
        </Dropdown>
      )}
    </Space.Compact>
  );
}

/** Companies (all for the Owner, its own for a Partner): search, status, export, edit, delete, act as. */
export default function CompaniesPage() {
  const { t } = useTranslation('admin');
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
      void message.success(t('companies.deleted'));
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
      title: t('companies.columns.company'),
      dataIndex: 'company_name',
      render: (name: string, c) => (
        <div>
          <a
            onClick={() => navigate(`/admin_panel/companies/${c.id}/edit`)}
            className="strong-link"
            data-testid="company-name"
          >
            <bdi>{name}</bdi>
          </a>
          <div className="muted small">{companyTypeLabel(t, c.type)}</div>
        </div>
      ),
    },
    {
      title: t('companies.columns.city'),
      key: 'where',
      responsive: ['md'],
      render: (_, c) =>
        c.city || c.country ? (
          <>
            {c.city && <bdi>{c.city}</bdi>}
            {c.city && c.country ? listSeparator() : ''}
            {countryName(c.country)}
          </>
        ) : (
          '—'
        ),
    },
    {
      title: t('companies.columns.package'),
      dataIndex: 'package',
      responsive: ['lg'],
      render: (v: string) => packageLabel(t, v),
    },
    {
      title: t('companies.columns.partner'),
      dataIndex: 'partner_name',
      responsive: ['xl'],
      render: (v: string | null) => (v ? <bdi>{v}</bdi> : '—'),
    },
    {
      title: t('companies.columns.locations'),
      dataIndex: 'locations_count',
      align: 'end',
      responsive: ['md'],
      render: (n: number) => formatNumber(n),
    },
    {
      title: t('companies.columns.created'),
      dataIndex: 'created_at',
      responsive: ['xl'],
      render: (v?: string) => formatDate(v),
    },
    { title: t('companies.columns.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    {
      title: '',
      key: 'actions',
      align: 'end',
      render: (_, c) => (
        <Space size={4} wrap={false}>
          <ActAs company={c} />
          <Tooltip title={t('common:edit')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              onClick={() => navigate(`/admin_panel/companies/${c.id}/edit`)}
              aria-label={t('companies.editNamed', { name: c.company_name })}
              data-testid={`edit-company-${c.id}`}
            />
          </Tooltip>
          <Popconfirm
            title={t('companies.deleteTitle')}
            description={t('companies.deleteText')}
            okText={t('common:yes')}
            cancelText={t('common:no')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(c.id)}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('companies.deleteNamed', { name: c.company_name })}
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
        title={t('companies.title')}
        description={t('companies.description')}
        extra={
          <Space wrap>
            <Button
              icon={<FileExcelOutlined />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate()}
              data-testid="export-companies"
            >
              {t('export')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/admin_panel/companies/new')}
              data-testid="new-company"
            >
              {t('companies.new')}
            </Button>
          </Space>
        }
      />
      <Card>
        <div className="list-toolbar">
          <Search
            placeholder={t('companies.search')}
            allowClear
            style={{ maxInlineSize: 320 }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
            data-testid="company-search"
          />
          <Select
            allowClear
            placeholder={t('allStatuses')}
            aria-label={t('companies.columns.status')}
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
            showTotal: (total) => t('companies.total', { count: total, total: formatNumber(total) }),
          }}
          scroll={{ x: true }}
        />
      </Card>
    </>
  );
}
