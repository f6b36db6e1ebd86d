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
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { translateMessage } from '../../i18n/messages';
import { languageName, listSeparator } from './i18n';
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
  const { t } = useTranslation('settings');
  const me = useMe().data;
  const [params, setParams] = useSearchParams();
  const features = me?.features ?? [];
  const owner = me?.role === 'owner';
  const fallback = features.includes('reviewCategorization') ? 'other' : 'templates';
  const tab = params.get('tab') ?? fallback;
  const items = [
    { key: 'templates', label: t('response.tabs.templates'), children: <TemplatesTab /> },
    ...(owner || features.includes('autoresponse')
      ? [{ key: 'autoresponse', label: t('response.tabs.autoresponse'), children: <AutoresponseTab /> }]
      : []),
    { key: 'translation', label: t('response.tabs.translation'), children: <TranslationTab /> },
    { key: 'rate', label: t('response.tabs.rate'), children: <ResponseRateTab /> },
    { key: 'other', label: t('response.tabs.other'), children: <RegionsTab /> },
  ];
  return (
    <>
      <PageHeader title={t('response.title')} description={t('response.description')} />
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
  const { t } = useTranslation('settings');
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
      void message.success(t('response.templates.deleted'));
      await queryClient.invalidateQueries({ queryKey: settingsKeys.templates.all });
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  const columns: TableColumnsType<Template> = [
    {
      title: t('response.templates.column'),
      key: 'title',
      render: (_, tpl) => (
        <div>
          <div className="st-name">
            <span dir="auto">{tpl.title}</span>
          </div>
          <div className="st-muted" style={{ maxWidth: 560, whiteSpace: 'normal' }} dir="auto">
            {tpl.text.length > 160 ? `${tpl.text.slice(0, 159)}…` : tpl.text}
          </div>
        </div>
      ),
    },
    {
      title: t('response.templates.forRatings'),
      dataIndex: 'ratings',
      responsive: ['md'],
      render: (r: number[]) => (
        <Space size={[4, 4]} wrap>
          {r.map((s) => (
            <Tag key={s}>{`${s} ★`}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '',
      key: 'a',
      align: 'end',
      render: (_, tpl) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing(tpl)}
            aria-label={t('response.templates.editAria', { title: tpl.title })}
          />
          <Popconfirm
            title={t('response.templates.deleteConfirm', { title: tpl.title })}
            okText={t('actions.delete')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(tpl.id)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('response.templates.deleteAria', { title: tpl.title })}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <div className="st-toolbar">
        <span className="st-muted">{t('response.templates.intro')}</span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('response.templates.add')}
        </Button>
      </div>
      {list.isError && <Alert type="error" showIcon title={translateMessage(list.error.message)} />}
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
  const { t } = useTranslation('settings');
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
      void message.success(t('response.templates.saved'));
      await queryClient.invalidateQueries({ queryKey: settingsKeys.templates.all });
      onClose();
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  return (
    <Modal
      title={editing === 'new' ? t('response.templates.add') : t('response.templates.edit')}
      open={editing !== null}
      onCancel={onClose}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => save.mutate(v)} name="template">
        <Form.Item label={t('response.templates.titleLabel')} name="title" rules={freeTextRules(true)}>
          <Input maxLength={120} dir="auto" />
        </Form.Item>
        <Form.Item
          label={t('response.templates.reply')}
          name="text"
          rules={freeTextRules(true)}
          extra={t('response.templates.placeholders', {
            list: Object.keys(TEMPLATE_PLACEHOLDERS)
              .map((k) => `{${k}}`)
              .join(listSeparator()),
          })}
        >
          <Input.TextArea rows={6} showCount maxLength={4000} dir="auto" />
        </Form.Item>
        <Form.Item label={t('response.templates.offerFor')} name="ratings">
          <Checkbox.Group options={RATINGS.map((r) => ({ value: r, label: `${r} ★` }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// ---------------------------------------------------------------------------------------------
// Auto-response

function AutoresponseTab() {
  const { t } = useTranslation('settings');
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
      void message.success(t('response.autoresponse.saved'));
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  if (settings.isError) return <Alert type="error" showIcon title={translateMessage(settings.error.message)} />;
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
        {t('response.autoresponse.intro')}
      </p>
      <Form.Item name="enabled" label={t('response.autoresponse.label')} valuePropName="checked">
        <Switch checkedChildren={t('switch.on')} unCheckedChildren={t('switch.off')} />
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
                title: t('response.autoresponse.rating'),
                key: 'r',
                render: (_, f) => `${form.getFieldValue(['rules', f.name, 'rating']) as number} ★`,
              },
              {
                title: t('response.autoresponse.answer'),
                key: 'e',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'enabled']} valuePropName="checked" noStyle>
                    <Switch size="small" />
                  </Form.Item>
                ),
              },
              {
                title: t('response.autoresponse.delay'),
                key: 'd',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'delayMinutes']} noStyle>
                    <InputNumber min={0} max={10080} style={{ width: 110 }} />
                  </Form.Item>
                ),
              },
              {
                title: t('response.autoresponse.templates'),
                key: 't',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'templateIds']} noStyle>
                    <Select
                      mode="multiple"
                      allowClear
                      placeholder={t('response.autoresponse.written')}
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
        label={t('response.autoresponse.excluded')}
        extra={t('response.autoresponse.excludedExtra')}
        style={{ marginTop: 16 }}
      >
        <Select mode="tags" tokenSeparators={[',', '،']} placeholder={t('response.autoresponse.keywordsPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('actions.save')}
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
  const { t } = useTranslation('settings');
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
      void message.success(t('response.translation.saved'));
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  if (settings.isError) return <Alert type="error" showIcon title={translateMessage(settings.error.message)} />;
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
          title={t('response.translation.notConfigured')}
          description={t('response.translation.notConfiguredText')}
        />
      )}
      <Form.Item name="language" label={t('response.translation.language')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={TRANSLATION_LANGUAGES.map(([value, label]) => ({ value, label: languageName(value, label) }))}
        />
      </Form.Item>
      <Form.Item name="translateAutomatically" valuePropName="checked" label={t('response.translation.automatically')}>
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('actions.save')}
      </Button>
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------
// Response-rate target

function ResponseRateTab() {
  const { t } = useTranslation('settings');
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
      void message.success(t('response.rate.saved', { target: r.target }));
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  if (rate.isError) return <Alert type="error" showIcon title={translateMessage(rate.error.message)} />;
  if (!rate.data) return <Skeleton active />;
  const value = target ?? rate.data.target;
  return (
    <div style={{ display: 'flex', gap: 32, flexWrap: 'wrap', alignItems: 'center' }}>
      <Progress
        aria-label={t('response.rate.aria')}
        type="dashboard"
        percent={rate.data.rate ?? 0}
        format={() =>
          rate.data.rate === null
            ? '—'
            : formatNumber(rate.data.rate / 100, { style: 'percent', maximumFractionDigits: 1 })
        }
        strokeColor={(rate.data.rate ?? 0) >= rate.data.target ? '#16a34a' : '#f59e0b'}
      />
      <div style={{ maxWidth: 420 }}>
        <p style={{ marginTop: 0 }}>
          <Trans
            t={t}
            i18nKey="response.rate.answered"
            values={{ responded: formatNumber(rate.data.responded), total: formatNumber(rate.data.total) }}
            components={{ strong: <strong /> }}
          />
        </p>
        <Space>
          <InputNumber
            min={1}
            max={100}
            value={value}
            onChange={(v) => setTarget(v)}
            addonAfter="%"
            aria-label={t('response.rate.targetAria')}
          />
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!value || value === rate.data.target}
            onClick={() => value && save.mutate(value)}
          >
            {t('response.rate.saveTarget')}
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
  const { t } = useTranslation('settings');
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
      const language = changed.language
        ? languageName(
            changed.language,
            regions.data?.languages.find((l) => l.code === changed.language)?.name ?? changed.language,
          )
        : null;
      void message.success(
        language
          ? t('response.regions.answersIn', { title: changed.title, language })
          : t('response.regions.answersOwn', { title: changed.title }),
      );
    },
    onError: (e) => void message.error(t('response.regions.notChanged', { reason: translateMessage(e.message) })),
  });
  if (regions.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('response.regions.loadError')}
        description={translateMessage(regions.error.message)}
        data-testid="regions-error"
      />
    );
  if (regions.isLoading || !regions.data) return <Skeleton active />;
  const languages = regions.data.languages.map((l) => ({ value: l.code, label: languageName(l.code, l.name) }));
  const row = (r: Region) => (
    <div className="st-region" key={r.id} data-testid={`region-${r.id}`}>
      <div>
        <div className="st-name">
          <span dir="auto">{r.title}</span>
        </div>
        <div className="st-muted">
          {r.brand && (
            <>
              <span dir="auto">{r.brand}</span> ·{' '}
            </>
          )}
          {t('response.regions.locations', { count: r.locations })}
        </div>
      </div>
      <Select
        allowClear
        placeholder={t('response.regions.ownLanguage')}
        value={r.language ?? undefined}
        options={languages}
        style={{ width: 220 }}
        loading={update.isPending && update.variables?.id === r.id}
        disabled={update.isPending && update.variables?.id === r.id}
        onChange={(v?: string) => update.mutate({ id: r.id, language: v ?? null })}
        aria-label={t('response.regions.languageAria', { title: r.title })}
      />
    </div>
  );
  const total = regions.data.statesWithOverrides.length + regions.data.statesWithoutOverrides.length;
  if (total === 0) return <Empty description={t('response.regions.empty')} />;
  return (
    <>
      <p className="st-muted" style={{ marginTop: 0 }}>
        {t('response.regions.intro')}
      </p>
      <div className="st-notify-grid">
        <div>
          <div className="st-section-title">
            {t('response.regions.with', { n: formatNumber(regions.data.statesWithOverrides.length) })}
          </div>
          <div data-testid="regions-with">
            {regions.data.statesWithOverrides.length ? (
              regions.data.statesWithOverrides.map(row)
            ) : (
              <p className="st-muted">{t('response.regions.none')}</p>
            )}
          </div>
        </div>
        <div>
          <div className="st-section-title">
            {t('response.regions.following', { n: formatNumber(regions.data.statesWithoutOverrides.length) })}
          </div>
          <div data-testid="regions-without">{regions.data.statesWithoutOverrides.map(row)}</div>
        </div>
      </div>
    </>
  );
}
