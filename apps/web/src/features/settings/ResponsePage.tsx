import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Progress,
  Select,
  Skeleton,
  Space,
  Switch,
  Tabs,
  Tag,
  type TableColumnsType,
} from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { RATINGS, TEMPLATE_PLACEHOLDERS } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMe } from '../auth/queries';
import { responseApi, type AutoresponseRule, type Region, type RegionGroups, type Template } from './api';
import { freeTextRules } from './ui';
import './settings.css';
import { settingsKeys } from './queryKeys';

/**
 * Response settings: reply templates, auto-response, translation, the response-rate target, and
 * (tab Other, the default with Review Categorization) each region's reply language.
 */
export default function ResponsePage() {
  const me = useMe().data;
  const [params, setParams] = useSearchParams();
  const features = me?.features ?? [];
  const owner = me?.role === 'owner';
  const fallback = features.includes('reviewCategorization') ? 'other' : 'templates';
  const tab = params.get('tab') ?? fallback;
  const items = [
    { key: 'templates', label: 'Templates', children: <TemplatesTab /> },
    ...(owner || features.includes('autoresponse')
      ? [{ key: 'autoresponse', label: 'Auto-response', children: <AutoresponseTab /> }]
      : []),
    { key: 'translation', label: 'Translation', children: <TranslationTab /> },
    { key: 'rate', label: 'Response rate', children: <ResponseRateTab /> },
    { key: 'other', label: 'Other', children: <RegionsTab /> },
  ];
  return (
    <>
      <PageHeader
        title="Response"
        description="How your team answers reviews: templates, automatic replies, translation, targets and reply languages."
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams(k === fallback ? {} : { tab: k }, { replace: true })}
          items={items}
          destroyOnHidden
        />
      </Card>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Templates

function TemplatesTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  const list = useQuery({
    queryKey: settingsKeys.templates.all,
    queryFn: ({ signal }) => responseApi.templates(signal),
  });
  const remove = useMutation({
    mutationFn: responseApi.deleteTemplate,
    onSuccess: async () => {
      void message.success('Template deleted.');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.templates.all });
    },
    onError: (e) => void message.error(e.message),
  });
  const columns: TableColumnsType<Template> = [
    {
      title: 'Template',
      key: 'title',
      render: (_, t) => (
        <div>
          <div className="st-name">{t.title}</div>
          <div className="st-muted" style={{ maxWidth: 560, whiteSpace: 'normal' }}>
            {t.text.length > 160 ? `${t.text.slice(0, 159)}…` : t.text}
          </div>
        </div>
      ),
    },
    {
      title: 'For ratings',
      dataIndex: 'ratings',
      responsive: ['md'],
      render: (r: number[]) => (
        <Space size={[4, 4]} wrap>
          {r.map((s) => (
            <Tag key={s}>{s} ★</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '',
      key: 'a',
      align: 'right',
      render: (_, t) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(t)} aria-label={`Edit ${t.title}`} />
          <Popconfirm
            title={`Delete ${t.title}?`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(t.id)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${t.title}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <div className="st-toolbar">
        <span className="st-muted">
          Replies your team starts from. Placeholders such as {'{first_name}'} and {'{location}'} are filled in when
          used.
        </span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          Add template
        </Button>
      </div>
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={list.data?.templates}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: true }}
      />
      <TemplateModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function TemplateModal({ editing, onClose }: { editing: Template | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<{ title: string; text: string; ratings: number[] }>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (editing) form.setFieldsValue(editing === 'new' ? { title: '', text: '', ratings: [...RATINGS] } : editing);
  }, [editing, form]);
  const save = useMutation({
    mutationFn: (v: { title: string; text: string; ratings: number[] }) =>
      editing && editing !== 'new' ? responseApi.updateTemplate(editing.id, v) : responseApi.createTemplate(v),
    onSuccess: async () => {
      void message.success('Template saved.');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.templates.all });
      onClose();
    },
    onError: (e) => void message.error(e.message),
  });
  return (
    <Modal
      title={editing === 'new' ? 'Add template' : 'Edit template'}
      open={editing !== null}
      onCancel={onClose}
      okText="Save"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => save.mutate(v)} name="template">
        <Form.Item label="Title" name="title" rules={freeTextRules(true)}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item
          label="Reply"
          name="text"
          rules={freeTextRules(true)}
          extra={`Placeholders: ${Object.keys(TEMPLATE_PLACEHOLDERS)
            .map((k) => `{${k}}`)
            .join(', ')}`}
        >
          <Input.TextArea rows={6} showCount maxLength={4000} />
        </Form.Item>
        <Form.Item label="Offer it for" name="ratings">
          <Checkbox.Group options={RATINGS.map((r) => ({ value: r, label: `${r} ★` }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// ---------------------------------------------------------------------------------------------
// Auto-response

function AutoresponseTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKeys.autoresponse,
    queryFn: ({ signal }) => responseApi.autoresponse(signal),
  });
  const templates = useQuery({
    queryKey: settingsKeys.templates.all,
    queryFn: ({ signal }) => responseApi.templates(signal),
  });
  const [form] = Form.useForm<{ enabled: boolean; rules: AutoresponseRule[]; excludedKeywords: string[] }>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const save = useMutation({
    mutationFn: responseApi.saveAutoresponse,
    onSuccess: (s) => {
      queryClient.setQueryData(['autoresponse'], s);
      void message.success('Auto-response saved.');
    },
    onError: (e) => void message.error(e.message),
  });
  if (settings.isError) return <Alert type="error" showIcon title={settings.error.message} />;
  if (!settings.data) return <Skeleton active />;
  const options = (templates.data?.templates ?? []).map((t) => ({ value: t.id, label: t.title }));
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={settings.data}
      onFinish={(v) => save.mutate(v)}
      name="autoresponse"
    >
      <p className="st-muted" style={{ marginTop: 0 }}>
        Answers Google reviews that have a rating but no text, after the delay you set, with one of the chosen templates
        (or a written reply when none is chosen). Only reviews that arrive after switching on are answered.
      </p>
      <Form.Item name="enabled" label="Auto-response" valuePropName="checked">
        <Switch checkedChildren="On" unCheckedChildren="Off" />
      </Form.Item>
      <Form.List name="rules">
        {(fields) => (
          <Table
            rowKey="key"
            pagination={false}
            size="small"
            scroll={{ x: true }}
            dataSource={fields}
            columns={[
              {
                title: 'Rating',
                key: 'r',
                render: (_, f) => `${form.getFieldValue(['rules', f.name, 'rating']) as number} ★`,
              },
              {
                title: 'Answer',
                key: 'e',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'enabled']} valuePropName="checked" noStyle>
                    <Switch size="small" />
                  </Form.Item>
                ),
              },
              {
                title: 'Delay (minutes)',
                key: 'd',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'delayMinutes']} noStyle>
                    <InputNumber min={0} max={10080} style={{ width: 110 }} />
                  </Form.Item>
                ),
              },
              {
                title: 'Templates',
                key: 't',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'templateIds']} noStyle>
                    <Select
                      mode="multiple"
                      allowClear
                      placeholder="Written reply"
                      options={options}
                      style={{ minWidth: 220 }}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
        )}
      </Form.List>
      <Form.Item
        name="excludedKeywords"
        label="Excluded keywords"
        extra="Reviews whose author or title contains one of these are never answered automatically."
        style={{ marginTop: 16 }}
      >
        <Select mode="tags" tokenSeparators={[',']} placeholder="Type a word and press Enter" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Save
      </Button>
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------
// Translation

const TRANSLATION_LANGUAGES = [
  ['en', 'English'],
  ['ar', 'Arabic'],
  ['fr', 'French'],
  ['de', 'German'],
  ['es', 'Spanish'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['ru', 'Russian'],
  ['tr', 'Turkish'],
  ['hi', 'Hindi'],
  ['ur', 'Urdu'],
  ['zh', 'Chinese'],
  ['ja', 'Japanese'],
] as const;

function TranslationTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKeys.translation,
    queryFn: ({ signal }) => responseApi.translation(signal),
  });
  const save = useMutation({
    mutationFn: responseApi.saveTranslation,
    onSuccess: (s) => {
      queryClient.setQueryData(['translation'], s);
      void message.success('Translation settings saved.');
    },
    onError: (e) => void message.error(e.message),
  });
  if (settings.isError) return <Alert type="error" showIcon title={settings.error.message} />;
  if (!settings.data) return <Skeleton active />;
  return (
    <Form
      layout="vertical"
      initialValues={settings.data}
      onFinish={(v: { language: string; translateAutomatically: boolean }) => save.mutate(v)}
      name="translation"
      style={{ maxWidth: 480 }}
    >
      {!settings.data.configured && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="No translation service is configured on this server."
          description="Your choices are kept and apply once an administrator connects one."
        />
      )}
      <Form.Item name="language" label="Translate reviews and messages into">
        <Select showSearch options={TRANSLATION_LANGUAGES.map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      <Form.Item name="translateAutomatically" valuePropName="checked" label="Translate automatically">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Save
      </Button>
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------
// Response-rate target

function ResponseRateTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rate = useQuery({
    queryKey: settingsKeys.responseRate,
    queryFn: ({ signal }) => responseApi.responseRate(signal),
  });
  const [target, setTarget] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: responseApi.setResponseRate,
    onSuccess: (r) => {
      queryClient.setQueryData(['response-rate'], r);
      void message.success(`Target set to ${r.target}%.`);
    },
    onError: (e) => void message.error(e.message),
  });
  if (rate.isError) return <Alert type="error" showIcon title={rate.error.message} />;
  if (!rate.data) return <Skeleton active />;
  const value = target ?? rate.data.target;
  return (
    <div style={{ display: 'flex', gap: 32, flexWrap: 'wrap', alignItems: 'center' }}>
      <Progress
        aria-label="Response rate"
        type="dashboard"
        percent={rate.data.rate ?? 0}
        format={() => (rate.data.rate === null ? '—' : `${rate.data.rate}%`)}
        strokeColor={(rate.data.rate ?? 0) >= rate.data.target ? '#16a34a' : '#f59e0b'}
      />
      <div style={{ maxWidth: 420 }}>
        <p style={{ marginTop: 0 }}>
          Your team answered <strong>{rate.data.responded.toLocaleString()}</strong> of{' '}
          <strong>{rate.data.total.toLocaleString()}</strong> reviews. Reports compare the response rate with this
          target.
        </p>
        <Space>
          <InputNumber
            min={1}
            max={100}
            value={value}
            onChange={(v) => setTarget(v)}
            addonAfter="%"
            aria-label="Response-rate target"
          />
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!value || value === rate.data.target}
            onClick={() => value && save.mutate(value)}
          >
            Save target
          </Button>
        </Space>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Regions: reply-language overrides

/** Moves a region into the group its new language puts it in. */
function regroup(groups: RegionGroups, changed: Region): RegionGroups {
  const rest = [...groups.statesWithOverrides, ...groups.statesWithoutOverrides].filter((r) => r.id !== changed.id);
  const all = [...rest, changed].sort(
    (a, b) => a.title.localeCompare(b.title) || (a.brand ?? '').localeCompare(b.brand ?? ''),
  );
  return {
    ...groups,
    statesWithOverrides: all.filter((r) => r.language !== null),
    statesWithoutOverrides: all.filter((r) => r.language === null),
  };
}

function RegionsTab() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const regions = useQuery({
    queryKey: settingsKeys.regions,
    queryFn: ({ signal }) => responseApi.regions(signal),
    retry: false,
  });
  const update = useMutation({
    mutationFn: ({ id, language }: { id: number; language: string | null }) =>
      responseApi.setRegionLanguage(id, language),
    onSuccess: (changed) => {
      queryClient.setQueryData<RegionGroups>(['regions'], (g) => (g ? regroup(g, changed) : g));
      void message.success(
        changed.language
          ? `${changed.title} now answers in ${regions.data?.languages.find((l) => l.code === changed.language)?.name ?? changed.language}.`
          : `${changed.title} answers in each review's language.`,
      );
    },
    onError: (e) => void message.error(`The region was not changed: ${e.message}`),
  });
  if (regions.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="The regions could not be loaded."
        description={regions.error.message}
        data-testid="regions-error"
      />
    );
  if (regions.isLoading || !regions.data) return <Skeleton active />;
  const languages = regions.data.languages.map((l) => ({ value: l.code, label: l.name }));
  const row = (r: Region) => (
    <div className="st-region" key={r.id} data-testid={`region-${r.id}`}>
      <div>
        <div className="st-name">{r.title}</div>
        <div className="st-muted">
          {[r.brand, `${r.locations} location${r.locations === 1 ? '' : 's'}`].filter(Boolean).join(' · ')}
        </div>
      </div>
      <Select
        allowClear
        placeholder="Review's own language"
        value={r.language ?? undefined}
        options={languages}
        style={{ width: 220 }}
        loading={update.isPending && update.variables?.id === r.id}
        disabled={update.isPending && update.variables?.id === r.id}
        onChange={(v?: string) => update.mutate({ id: r.id, language: v ?? null })}
        aria-label={`Reply language of ${r.title}`}
      />
    </div>
  );
  const total = regions.data.statesWithOverrides.length + regions.data.statesWithoutOverrides.length;
  if (total === 0)
    return <Empty description="No regions yet. Regions come from your brands, set up in the company settings." />;
  return (
    <>
      <p className="st-muted" style={{ marginTop: 0 }}>
        Replies are written in the review's own language unless its region says otherwise.
      </p>
      <div className="st-notify-grid">
        <div>
          <div className="st-section-title">With a reply language ({regions.data.statesWithOverrides.length})</div>
          <div data-testid="regions-with">
            {regions.data.statesWithOverrides.length ? (
              regions.data.statesWithOverrides.map(row)
            ) : (
              <p className="st-muted">None: every region follows each review's language.</p>
            )}
          </div>
        </div>
        <div>
          <div className="st-section-title">
            Following each review's language ({regions.data.statesWithoutOverrides.length})
          </div>
          <div data-testid="regions-without">{regions.data.statesWithoutOverrides.map(row)}</div>
        </div>
      </div>
    </>
  );
}
