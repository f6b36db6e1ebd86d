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
import { freeTextError, sourceTitle, validateSourceUrl } from '@reputo/core';
import { PageHeader } from '../../../app/ui/PageHeader';
import { api } from '../../../lib/api';
import { downloadExport, reportingApi, type Competitor, type CompetitorBranch } from '../../reporting/api';
import { useShortLocations } from '../../reporting/ui';
import { settingsKeys } from '../queryKeys';

const MAX_PER_LOCATION = 3;
const MAX_SOURCES = 4;

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
      void message.success(current ? 'Competitor updated.' : 'Competitor added.');
      onClose();
    },
    onError: (e) => void message.error(e.message),
  });
  return (
    <Modal
      open
      title={current ? `Edit ${current.name}` : 'Add competitor'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Save"
      confirmLoading={save.isPending}
      width={720}
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
          label="Competitor"
          rules={[
            { required: true, message: 'Missing competitor name!' },
            {
              validator: async (_, v: string) => {
                const e = v ? freeTextError(v) : null;
                if (e) throw new Error(e);
              },
            },
          ]}
        >
          <Input placeholder="e.g. Burger Palace" data-testid="competitor-name" />
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
                    aria-label="Remove branch"
                    className="branch-remove"
                  />
                  <Row gutter={12}>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'location_id']}
                        label="Your location"
                        rules={[{ required: true, message: 'Choose the location it competes with' }]}
                      >
                        <Select
                          showSearch
                          optionFilterProp="label"
                          placeholder="Choose a location"
                          options={(locs.data?.locations ?? []).map((l) => ({ value: l.id, label: l.title }))}
                          data-testid="branch-location"
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'title']} label="Competitor branch">
                        <Input placeholder="e.g. Burger Palace Marina" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'address']} label="Address">
                        <Input placeholder="Street, city" />
                      </Form.Item>
                    </Col>
                    {sources.slice(0, MAX_SOURCES).map((s) => (
                      <Col xs={24} md={12} key={s}>
                        <Form.Item
                          name={[field.name, 'sources', s]}
                          label={`${sourceTitle(s)} page`}
                          rules={[
                            {
                              validator: async (_, v: string | undefined) => {
                                if (v && v.trim() && !validateSourceUrl(s, v.trim()))
                                  throw new Error(`Enter a valid ${sourceTitle(s)} address.`);
                              },
                            },
                          ]}
                        >
                          <Input placeholder="https://…" />
                        </Form.Item>
                      </Col>
                    ))}
                  </Row>
                </div>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})} block type="dashed">
                Add a branch at another location
              </Button>
            </>
          )}
        </Form.List>
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          message={`Each of your locations can be benchmarked against up to ${MAX_PER_LOCATION} competitors, on up to ${MAX_SOURCES} sources: ${sources.map(sourceTitle).join(', ') || 'set the competitor sources in the company settings'}.`}
        />
      </Form>
    </Modal>
  );
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** /settings/competitors: competitors per location, with upload, example file and export. */
export default function CompetitorsSettingsPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Competitor | 'new' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useQuery({ queryKey: settingsKeys.competitors.list, queryFn: () => reportingApi.competitors() });
  const remove = useMutation({
    mutationFn: (id: number) => reportingApi.deleteCompetitor(id),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: settingsKeys.competitors.all });
      void message.success(r.message);
    },
    onError: (e) => void message.error(e.message),
  });
  const upload = useMutation({
    mutationFn: async (file: File) => reportingApi.uploadCompetitors(file.name, await readBase64(file)),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: settingsKeys.competitors.all });
      modal[r.rejected.length ? 'warning' : 'success']({
        title: `${r.imported} imported, ${r.skipped} already there`,
        content: r.rejected.length ? (
          <List
            size="small"
            dataSource={r.rejected}
            renderItem={(x) => (
              <List.Item>
                Line {x.line}: {x.reason}
              </List.Item>
            )}
          />
        ) : (
          'Every row was imported.'
        ),
      });
    },
    onError: (e) => void message.error(e.message),
  });
  const columns: TableColumnsType<Competitor> = [
    {
      title: 'Competitor',
      dataIndex: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (v: string) => <b>{v}</b>,
    },
    {
      title: 'Benchmarked at',
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
              <Tag>{b.location_title}</Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    { title: 'Branches', key: 'n', align: 'right', responsive: ['md'], render: (_, c) => c.locations.length },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, c) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(c)} aria-label={`Edit ${c.name}`} />
          <Popconfirm
            title={`Remove ${c.name} and its reviews?`}
            okText="Yes"
            cancelText="No"
            onConfirm={() => remove.mutate(c.id)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Remove ${c.name}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Competitors"
        description="Competitors to track for each location. Their reviews are analysed like yours and compared in Reporting › Competitors."
        extra={
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadExport('/v2/api/competitor/upload/example', {})}
            >
              Example file
            </Button>
            <Button
              icon={<UploadOutlined />}
              loading={upload.isPending}
              onClick={() => fileInput.current?.click()}
              data-testid="upload-competitors"
            >
              Upload
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadExport('/v2/api/competitor/export', {})}>
              Export
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing('new')}
              data-testid="add-competitor"
            >
              Add competitor
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
