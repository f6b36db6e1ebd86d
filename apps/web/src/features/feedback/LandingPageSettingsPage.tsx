import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  ColorPicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Tabs,
  Tooltip,
  Upload,
  type TableColumnsType,
} from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  ExportOutlined,
  PictureOutlined,
  QrcodeOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FEEDBACK_SOURCE, logoError, sourceTitle } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { Table } from '../../app/ui/ResponsiveTable';
import { copyText } from '../../lib/clipboard';
import { useMe } from '../auth/queries';
import { feedbackApi, feedbackKeys, type LandingPage, type LandingSettings, type SettingsInput } from './api';
import './feedback.css';

const MANAGERS = ['owner', 'partner', 'master_admin', 'manager'];
const TEXT_FIELDS = [
  ['headline', 'Headline'],
  ['question', 'Rating question'],
  ['publicPrompt', 'Public review prompt'],
  ['privatePrompt', 'Private feedback prompt'],
  ['thankYou', 'Thank-you text'],
] as const;
const LANGUAGES = [
  ['en', 'English'],
  ['ar', 'العربية (Arabic)'],
] as const;

interface FormValues {
  rating_type: LandingSettings['rating_type'];
  primary_color: string;
  texts: Record<string, Record<string, string>>;
  source_order: string[];
  offer_id: number | null;
  repeat_guard_days: number;
  daily_cap_per_location: number | null;
}

function toForm(s: LandingSettings): FormValues {
  return {
    rating_type: s.rating_type,
    primary_color: s.primary_color,
    texts: { en: { ...s.texts.en }, ar: { ...s.texts.ar } },
    source_order: s.source_order,
    offer_id: s.offer_id,
    repeat_guard_days: s.repeat_guard_days,
    daily_cap_per_location: s.daily_cap_per_location,
  };
}

/** The settings form: look, question, texts per language, public sources, offer, campaign guards. */
function SettingsCard({ settings, manage }: { settings: LandingSettings; manage: boolean }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const sources = (useMe().data?.clientSettings.sources ?? []).filter((s) => s !== FEEDBACK_SOURCE);
  const offers = useQuery({ queryKey: feedbackKeys.offers, queryFn: ({ signal }) => feedbackApi.offers(signal) });
  useEffect(() => form.setFieldsValue(toForm(settings)), [form, settings]);
  const onSaved = (s: LandingSettings) => qc.setQueryData(feedbackKeys.settings, s);
  const save = useMutation({
    mutationFn: (body: SettingsInput) => feedbackApi.saveSettings(body),
    onSuccess: (s) => {
      onSaved(s);
      void message.success('Landing page settings saved.');
    },
    onError: (e) => void message.error(e.message),
  });
  const logo = useMutation({
    mutationFn: (file: File | null) => (file ? feedbackApi.logo(file) : feedbackApi.saveSettings({ logo: null })),
    onSuccess: onSaved,
    onError: (e) => void message.error(e.message),
  });
  const submit = (v: FormValues) =>
    save.mutate({
      ...v,
      primary_color: typeof v.primary_color === 'string' ? v.primary_color : settings.primary_color,
      // A cleared select or number input gives undefined: send null, which clears the value.
      offer_id: v.offer_id ?? null,
      daily_cap_per_location: v.daily_cap_per_location ?? null,
    });

  return (
    <Card title="Page design" className="fb-card" data-testid="landing-settings">
      <Form form={form} layout="vertical" disabled={!manage} onFinish={submit} initialValues={toForm(settings)}>
        <div className="fb-grid">
          <Form.Item label="Rating question" name="rating_type">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'stars', label: 'Stars (1 to 5)' },
                { value: 'nps', label: 'NPS (0 to 10)' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label="Primary colour"
            name="primary_color"
            getValueFromEvent={(c: { toHexString: () => string }) => c.toHexString()}
          >
            <ColorPicker disabledAlpha showText />
          </Form.Item>
          <Form.Item label="Logo" extra="Shown at the top of the page and on the table card; else the brand's logo.">
            <Space wrap>
              {settings.logo_url && <img src={settings.logo_url} alt="Logo" className="fb-logo" />}
              <Upload
                accept="image/*"
                showUploadList={false}
                beforeUpload={(f) => {
                  const problem = logoError({ size: f.size, type: f.type });
                  if (problem) void message.error(problem);
                  else logo.mutate(f);
                  return false;
                }}
              >
                <Button icon={<PictureOutlined />} loading={logo.isPending}>
                  {settings.logo_url ? 'Replace logo' : 'Upload a logo'}
                </Button>
              </Upload>
              {settings.logo_url && (
                <Button icon={<DeleteOutlined />} onClick={() => logo.mutate(null)}>
                  Remove
                </Button>
              )}
            </Space>
          </Form.Item>
          <Form.Item
            label="Offer on the thank-you step"
            name="offer_id"
            extra="Given for the rating, never for a review."
          >
            <Select
              allowClear
              placeholder="No offer"
              loading={offers.isLoading}
              options={(offers.data?.data ?? []).map((o) => ({
                value: o.id,
                label: `${o.title} (${o.discount_label})`,
              }))}
            />
          </Form.Item>
        </div>
        <Form.Item
          label="Review sites offered, in this order"
          name="source_order"
          extra="Every visitor sees these links, whatever their rating: no review gating. Empty offers every site the location has an address for."
        >
          <Select
            mode="multiple"
            placeholder="Every site with an address, in the usual order"
            options={sources.map((s) => ({ value: s, label: sourceTitle(s) }))}
          />
        </Form.Item>
        <Tabs
          className="fb-texts"
          items={LANGUAGES.map(([lang, label]) => ({
            key: lang,
            label,
            children: (
              <div className="fb-grid" dir={lang === 'ar' ? 'rtl' : 'ltr'}>
                {TEXT_FIELDS.map(([key, title]) => (
                  <Form.Item key={key} label={title} name={['texts', lang, key]}>
                    <Input maxLength={500} placeholder={settings.default_texts[lang]?.[key] ?? ''} />
                  </Form.Item>
                ))}
              </div>
            ),
          }))}
        />
        <div className="fb-grid">
          <Form.Item
            label="Ask a contact again after (days)"
            name="repeat_guard_days"
            extra="Campaigns never invite the same person twice within this time."
          >
            <InputNumber min={0} max={365} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            label="Campaign messages per location per day"
            name="daily_cap_per_location"
            extra="Empty: no cap."
          >
            <InputNumber min={1} max={100000} style={{ width: '100%' }} placeholder="No cap" />
          </Form.Item>
        </div>
        {manage && (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-landing-settings">
            Save
          </Button>
        )}
      </Form>
    </Card>
  );
}

function PagesTable({ kind }: { kind: 'location' | 'brand' }) {
  const { message } = App.useApp();
  const pages = useQuery({
    queryKey: feedbackKeys.pages(kind),
    queryFn: ({ signal }) => feedbackApi.pages(kind, signal),
  });
  const download = (path: string) => void feedbackApi.qr(path).catch((e: Error) => message.error(e.message));
  const columns: TableColumnsType<LandingPage> = [
    {
      title: kind === 'location' ? 'Location' : 'Brand',
      key: 'title',
      render: (_, p) => (
        <div>
          <div className="fb-title">{p.title}</div>
          {kind === 'location' && p.brand_title && <div className="fb-sub">{p.brand_title}</div>}
        </div>
      ),
    },
    {
      title: 'Short address',
      key: 'url',
      render: (_, p) => (
        <Space size={4}>
          <a href={p.url} target="_blank" rel="noreferrer" className="fb-url" data-testid="landing-url">
            {p.url.replace(/^https?:\/\//, '')}
          </a>
          <Tooltip title="Copy">
            <Button
              size="small"
              type="text"
              aria-label={`Copy the address of ${p.title}`}
              icon={<CopyOutlined />}
              onClick={() => void copyText(p.url).then(() => message.success('Address copied.'))}
            />
          </Tooltip>
          <Tooltip title="Open">
            <Button
              size="small"
              type="text"
              aria-label={`Open the page of ${p.title}`}
              icon={<ExportOutlined />}
              href={p.url}
              target="_blank"
            />
          </Tooltip>
        </Space>
      ),
    },
    {
      title: 'QR code',
      key: 'qr',
      render: (_, p) => (
        <Space wrap size={4}>
          <Button size="small" icon={<QrcodeOutlined />} onClick={() => download(p.qr.png)}>
            PNG
          </Button>
          <Button size="small" icon={<QrcodeOutlined />} onClick={() => download(p.qr.svg)}>
            SVG
          </Button>
          <Button size="small" icon={<DownloadOutlined />} onClick={() => download(p.qr.pdf)}>
            Table card
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Table
      rowKey="id"
      size="middle"
      loading={pages.isLoading}
      dataSource={pages.data?.data ?? []}
      columns={columns}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      data-testid={`landing-pages-${kind}`}
    />
  );
}

/** /feedback/landingPage: the page's settings, then every location's and brand's page with its QR codes. */
export default function LandingPageSettingsPage() {
  const role = useMe().data?.role ?? 'analyst';
  const manage = MANAGERS.includes(role);
  const settings = useQuery({ queryKey: feedbackKeys.settings, queryFn: ({ signal }) => feedbackApi.settings(signal) });
  const [tab, setTab] = useState<'location' | 'brand'>('location');
  return (
    <div className="fb-page">
      <PageHeader
        title="Landing Page"
        description="The page customers open from a QR code or an invitation: they rate their visit, then may review you on your sites or write to you privately."
      />
      {settings.error && <Alert type="error" showIcon message={settings.error.message} />}
      {settings.data && <SettingsCard settings={settings.data} manage={manage} />}
      <Card title="Pages and QR codes" className="fb-card">
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as 'location' | 'brand')}
          items={[
            { key: 'location', label: 'Locations', children: <PagesTable kind="location" /> },
            { key: 'brand', label: 'Brands', children: <PagesTable kind="brand" /> },
          ]}
        />
      </Card>
    </div>
  );
}
