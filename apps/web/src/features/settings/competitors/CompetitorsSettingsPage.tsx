import { useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { Table } from '../../../app/ui/ResponsiveTable';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  MinusCircleOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { freeTextError, sourceTitle, validateSourceUrl } from '@reputo/core';
import { translateMessage } from '../../../i18n/messages';
import { listSeparator } from '../i18n';
import { PageHeader } from '../../../app/ui/PageHeader';
import { api } from '../../../lib/api';
import { downloadExport, reportingApi, type Competitor, type CompetitorBranch } from '../../reporting/api';
import { useShortLocations } from '../../reporting/ui';
import { settingsKeys } from '../queryKeys';
import '../settings.css';

const MAX_PER_LOCATION = 3;
const MAX_SOURCES = 4;
/** A source page's address starts like this in every language. */
const URL_PLACEHOLDER = 'https://…';

interface FormValues {
  name: string;
  locations: {
    id?: number;
    location_id?: number;
    title?: string;
    address?: string;
    sources?: Record<string, string>;
  }[];
}

function useCompetitorSources() {
  return useQuery({
    queryKey: settingsKeys.competitors.fields,
    queryFn: async () =>
      (await api<{ fields: { key: string; title: string }[] }>('/v2/api/competitor/upload/fields')).fields
        .filter((f) => f.key.startsWith('source:'))
        .map((f) => f.key.slice(7)),
    staleTime: 5 * 60_000,
  });
}

function CompetitorModal({ editing, onClose }: { editing: Competitor | 'new'; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const locs = useShortLocations();
  const sources = useCompetitorSources().data ?? [];
  const current = editing === 'new' ? null : editing;
  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = {
        name: v.name,
        locations: (v.locations ?? []).map((b) => ({
          ...(b.id ? { id: b.id } : {}),
          location_id: b.location_id!,
          title: b.title?.trim() || v.name.trim(),
          address: b.address?.trim() || null,
          sources: Object.fromEntries(Object.entries(b.sources ?? {}).filter(([, url]) => url && url.trim())) as Record<
            string,
            string
          >,
        })) as CompetitorBranch[],
      };
      return current ? reportingApi.updateCompetitor(current.id, body) : reportingApi.createCompetitor(body);
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: settingsKeys.competitors.all });
      void message.success(current ? t('competitors.updated') : t('competitors.added'));
      onClose();
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  return (
    <Modal
      open
      title={current ? t('competitors.edit', { name: current.name }) : t('competitors.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      width={720}
      className="st-competitors-modal"
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={
          current
            ? {
                name: current.name,
                locations: current.locations.map((b) => ({ ...b, address: b.address ?? undefined })),
              }
            : { name: '', locations: [{}] }
        }
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="name"
          label={t('competitors.name')}
          rules={[
            { required: true, message: t('competitors.nameRequired') },
            {
              validator: async (_, v: string) => {
                const e = v ? freeTextError(v) : null;
                if (e) throw new Error(translateMessage(e));
              },
            },
          ]}
        >
          <Input placeholder={t('competitors.namePlaceholder')} data-testid="competitor-name" dir="auto" />
        </Form.Item>
        <Form.List name="locations">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <div className="branch-card" key={field.key}>
                  <Button
                    type="text"
                    danger
                    icon={<MinusCircleOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={t('competitors.removeBranch')}
                    className="branch-remove"
                  />
                  <Row gutter={12}>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'location_id']}
                        label={t('competitors.yourLocation')}
                        rules={[{ required: true, message: t('competitors.locationRequired') }]}
                      >
                        <Select
                          showSearch
                          optionFilterProp="label"
                          placeholder={t('competitors.chooseLocation')}
                          options={(locs.data?.locations ?? []).map((l) => ({ value: l.id, label: l.title }))}
                          data-testid="branch-location"
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'title']} label={t('competitors.branch')}>
                        <Input placeholder={t('competitors.branchPlaceholder')} dir="auto" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'address']} label={t('competitors.address')}>
                        <Input placeholder={t('competitors.addressPlaceholder')} dir="auto" />
                      </Form.Item>
                    </Col>
                    {sources.slice(0, MAX_SOURCES).map((s) => (
                      <Col xs={24} md={12} key={s}>
                        <Form.Item
                          name={[field.name, 'sources', s]}
                          label={t('competitors.sourcePage', { source: sourceTitle(s) })}
                          rules={[
                            {
                              validator: async (_, v: string | undefined) => {
                                if (v && v.trim() && !validateSourceUrl(s, v.trim()))
                                  throw new Error(t('competitors.invalidUrl', { source: sourceTitle(s) }));
                              },
                            },
                          ]}
                        >
                          <Input placeholder={URL_PLACEHOLDER} dir="ltr" />
                        </Form.Item>
                      </Col>
                    ))}
                  </Row>
                </div>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})} block type="dashed">
                {t('competitors.addBranch')}
              </Button>
            </>
          )}
        </Form.List>
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          message={t('competitors.limits', {
            perLocation: MAX_PER_LOCATION,
            maxSources: MAX_SOURCES,
            list: sources.map(sourceTitle).join(listSeparator()) || t('competitors.noSources'),
          })}
        />
      </Form>
    </Modal>
  );
}

function readBase64(t: TFunction<'settings'>, file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(new Error(t('competitors.readError')));
    reader.readAsDataURL(file);
  });
}

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
