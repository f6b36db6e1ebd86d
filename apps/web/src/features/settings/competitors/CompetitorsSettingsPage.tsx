import { useRef, useState } from 'react';
import { App, Button, Card, List, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { Table } from '../../../app/ui/ResponsiveTable';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { sourceTitle } from '@reputo/core';
import { translateMessage } from '../../../i18n/messages';
import { PageHeader } from '../../../app/ui/PageHeader';
import { downloadExport, reportingApi, type Competitor } from '../../reporting/api';
import { settingsKeys } from '../queryKeys';
import { lazyPart } from '../../../lib/lazyPart';
import '../settings.css';

function readBase64(t: TFunction<'settings'>, file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(new Error(t('competitors.readError')));
    reader.readAsDataURL(file);
  });
}

const CompetitorModal = lazyPart(() => import('./CompetitorModal').then((m) => m.CompetitorModal));

/** /settings/competitors: competitors per location, with upload, example file and export. */
export default function CompetitorsSettingsPage() {
  const { t } = useTranslation('settings');
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Competitor | 'new' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useQuery({ queryKey: settingsKeys.competitors.list, queryFn: () => reportingApi.competitors() });
  const remove = useMutation({
    mutationFn: (id: number) => reportingApi.deleteCompetitor(id),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: settingsKeys.competitors.all });
      void message.success(translateMessage(r.message));
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  const upload = useMutation({
    mutationFn: async (file: File) => reportingApi.uploadCompetitors(file.name, await readBase64(t, file)),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: settingsKeys.competitors.all });
      modal[r.rejected.length ? 'warning' : 'success']({
        title: t('competitors.imported', { imported: r.imported, skipped: r.skipped }),
        okText: t('actions.close'),
        content: r.rejected.length ? (
          <List
            size="small"
            dataSource={r.rejected}
            renderItem={(x) => (
              <List.Item>{t('competitors.line', { line: x.line, reason: translateMessage(x.reason) })}</List.Item>
            )}
          />
        ) : (
          t('competitors.allImported')
        ),
      });
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  const columns: TableColumnsType<Competitor> = [
    {
      title: t('competitors.name'),
      dataIndex: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (v: string) => <b dir="auto">{v}</b>,
    },
    {
      title: t('competitors.benchmarked'),
      key: 'locations',
      render: (_, c) => (
        <Space size={[4, 4]} wrap>
          {c.locations.map((b) => (
            <Tooltip
              key={b.id}
              title={[b.title, b.address, Object.keys(b.sources).map(sourceTitle).join(', ')]
                .filter(Boolean)
                .join(' · ')}
            >
              <Tag>
                <span dir="auto">{b.location_title}</span>
              </Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    {
      title: t('competitors.branches'),
      key: 'n',
      align: 'end',
      responsive: ['md'],
      render: (_, c) => c.locations.length,
    },
    {
      title: '',
      key: 'actions',
      align: 'end',
      render: (_, c) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing(c)}
            aria-label={t('competitors.editAria', { name: c.name })}
          />
          <Popconfirm
            title={t('competitors.removeConfirm', { name: c.name })}
            okText={t('actions.yes')}
            cancelText={t('actions.no')}
            onConfirm={() => remove.mutate(c.id)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('competitors.removeAria', { name: c.name })}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('competitors.title')}
        description={t('competitors.description')}
        extra={
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadExport('/v2/api/competitor/upload/example', {})}
            >
              {t('actions.exampleFile')}
            </Button>
            <Button
              icon={<UploadOutlined />}
              loading={upload.isPending}
              onClick={() => fileInput.current?.click()}
              data-testid="upload-competitors"
            >
              {t('actions.upload')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadExport('/v2/api/competitor/export', {})}>
              {t('actions.export')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing('new')}
              data-testid="add-competitor"
            >
              {t('competitors.add')}
            </Button>
          </Space>
        }
      />
      <input
        ref={fileInput}
        type="file"
        accept=".xlsx,.csv"
        hidden
        data-testid="competitor-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) upload.mutate(f);
          e.target.value = '';
        }}
      />
      <Card>
        <Table<Competitor>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data}
          loading={list.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: true }}
        />
      </Card>
      {editing && <CompetitorModal editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
