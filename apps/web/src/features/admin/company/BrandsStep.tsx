import { useState } from 'react';
import { App, Button, Empty, Popconfirm, type TableColumnsType } from 'antd';
import { Table } from '../../../app/ui/ResponsiveTable';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG, regionsText } from '@reputo/core';
import { brandsApi, type Brand } from '../api';
import { StepHead, WizardFoot } from '../ui';
import { errorText, formatNumber } from '../format';
import { translateMessage } from '../../../i18n/messages';
import { BrandForm } from './BrandForm';
import type { StepProps } from './types';
import { adminKeys } from '../queryKeys';

/**
 * Brands step: the brands table (regions without 'Other', location counts, 'Other' brands hidden,
 * no paging) with edit and remove, the 'Add brand' button, and the brand form in place of the table.
 */
export function BrandsStep({ company, goNext, goBack, setDirty }: StepProps) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const key = adminKeys.companies.brands(company.id);
  const brands = useQuery({ queryKey: key, queryFn: ({ signal }) => brandsApi.list(company.id, signal) });
  const remove = useMutation({
    mutationFn: (id: number) => brandsApi.remove(company.id, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
    onError: (e) => void message.error(errorText(e)),
  });

  if (editing) {
    return (
      <BrandForm
        companyId={company.id}
        brand={editing === 'new' ? null : editing}
        onDone={(changed) => {
          setEditing(null);
          setDirty(false);
          if (changed) void queryClient.invalidateQueries({ queryKey: key });
        }}
      />
    );
  }

  const columns: TableColumnsType<Brand> = [
    {
      title: t('companyWizard.brands.name'),
      dataIndex: 'title',
      render: (title: string, b) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
          {b.photoUrl ? (
            <img className="brand-logo" src={b.photoUrl} alt="" />
          ) : (
            <span className="brand-logo empty">{title.slice(0, 1).toUpperCase()}</span>
          )}
          <span style={{ fontWeight: 600 }} dir="auto" data-testid="brand-row-title">
            {title}
          </span>
        </span>
      ),
    },
    {
      title: t('companyWizard.brands.region'),
      key: 'states',
      render: (_, b) => (regionsText(b.states) ? <bdi>{regionsText(b.states)}</bdi> : <span className="muted">—</span>),
    },
    {
      title: t('companyWizard.brands.locations'),
      dataIndex: 'locations',
      align: 'end',
      width: 110,
      render: (n: number) => formatNumber(n),
    },
    {
      title: t('common:edit'),
      key: 'edit',
      width: 70,
      align: 'center',
      render: (_, b) => (
        <Button
          type="text"
          icon={<EditOutlined />}
          onClick={() => setEditing(b)}
          aria-label={t('companyWizard.brands.editNamed', { name: b.title })}
          data-testid={`edit-brand-${b.id}`}
        />
      ),
    },
    {
      title: t('companyWizard.brands.remove'),
      key: 'remove',
      width: 80,
      align: 'center',
      render: (_, b) => (
        <Popconfirm
          title={translateMessage(MSG.confirmDeleteBrand)}
          okText={t('common:yes')}
          cancelText={t('common:no')}
          onConfirm={() => remove.mutate(b.id)}
        >
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('companyWizard.brands.removeNamed', { name: b.title })}
            data-testid={`remove-brand-${b.id}`}
          />
        </Popconfirm>
      ),
    },
  ];

  return (
    <>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'flex-start',
          gap: 12,
          flexWrap: 'wrap',
        }}
      >
        <StepHead title={t('companyWizard.brands.title')} description={t('companyWizard.brands.description')} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-brand">
          {t('companyWizard.brands.add')}
        </Button>
      </div>
      <Table
        rowKey="id"
        columns={columns}
        dataSource={brands.data?.data}
        loading={brands.isLoading}
        pagination={false}
        scroll={{ x: true }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('companyWizard.brands.empty')} />,
        }}
      />
      <WizardFoot onBack={goBack} onNext={goNext} nextLabel={t('wizard.next')} />
    </>
  );
}
