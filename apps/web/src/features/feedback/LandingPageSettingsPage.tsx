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
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';
import { PageHeader } from '../../app/ui/PageHeader';
import { Table } from '../../app/ui/ResponsiveTable';
import { copyText } from '../../lib/clipboard';
import { useMe } from '../auth/queries';
import { discountText } from '../offers/discount';
import { feedbackApi, feedbackKeys, type LandingPage, type LandingSettings, type SettingsInput } from './api';
import './feedback.css';

const MANAGERS = ['owner', 'partner', 'master_admin', 'manager'];
/** The page's texts per language (the user's own content); their labels are in the `feedback` catalogue. */
const TEXT_FIELDS = ['headline', 'question', 'publicPrompt', 'privatePrompt', 'thankYou'] as const;
const LANGUAGES = ['en', 'ar'] as const;

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
  const { t } = useTranslation('feedback');
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
      void message.success(t('landing.saved'));
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
    <Card title={t('landing.design')} className="fb-card" data-testid="landing-settings">
      <Form form={form} layout="vertical" disabled={!manage} onFinish={submit} initialValues={toForm(settings)}>
        <div className="fb-grid">
          <Form.Item label={t('landing.ratingType')} name="rating_type">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'stars', label: t('landing.stars') },
                { value: 'nps', label: t('landing.nps') },
              ]}
            />
          </Form.Item>
          <Form.Item
            label={t('landing.primaryColour')}
            name="primary_color"
            getValueFromEvent={(c: { toHexString: () => string }) => c.toHexString()}
          >
            <ColorPicker disabledAlpha showText />
          </Form.Item>
          <Form.Item label={t('landing.logo')} extra={t('landing.logoHelp')}>
            <Space wrap>
              {settings.logo_url && <img src={settings.logo_url} alt={t('landing.logo')} className="fb-logo" />}
              <Upload
                accept="image/*"
                showUploadList={false}
                beforeUpload={(f) => {
                  const problem = logoError({ size: f.size, type: f.type });
                  if (problem) void message.error(translateMessage(problem));
                  else logo.mutate(f);
                  return false;
                }}
              >
                <Button icon={<PictureOutlined />} loading={logo.isPending}>
                  {settings.logo_url ? t('landing.replaceLogo') : t('landing.uploadLogo')}
                </Button>
              </Upload>
              {settings.logo_url && (
                <Button icon={<DeleteOutlined />} onClick={() => logo.mutate(null)}>
                  {t('landing.removeLogo')}
                </Button>
              )}
            </Space>
          </Form.Item>
          <Form.Item label={t('landing.offer')} name="offer_id" extra={t('landing.offerHelp')}>
            <Select
              allowClear
              data-user-content
              placeholder={t('landing.noOffer')}
              loading={offers.isLoading}
              options={(offers.data?.data ?? []).map((o) => ({
                value: o.id,
                label: <span dir="auto">{`${o.title} (${discountText(o)})`}</span>,
              }))}
            />
          </Form.Item>
        </div>
        <Form.Item label={t('landing.sources')} name="source_order" extra={t('landing.sourcesHelp')}>
          <Select
            mode="multiple"
            placeholder={t('landing.sourcesPlaceholder')}
            options={sources.map((s) => ({ value: s, label: sourceTitle(s) }))}
          />
        </Form.Item>
        <Tabs
          className="fb-texts"
          items={LANGUAGES.map((lang) => ({
            key: lang,
            label: t(`landing.language.${lang}`),
            children: (
              // The page's own texts per language (its default texts as placeholders): content, not interface.
              <div className="fb-grid" data-user-content>
                {TEXT_FIELDS.map((key) => (
                  <Form.Item key={key} label={t(`landing.text.${key}`)} name={['texts', lang, key]}>
                    <Input
                      maxLength={500}
                      dir={lang === 'ar' ? 'rtl' : 'ltr'}
                      // antd's right-to-left class sets the direction in CSS: the language's own wins here.
                      style={{ direction: lang === 'ar' ? 'rtl' : 'ltr' }}
                      placeholder={settings.default_texts[lang]?.[key] ?? ''}
                    />
                  </Form.Item>
                ))}
              </div>
            ),
          }))}
        />
        <div className="fb-grid">
          <Form.Item label={t('landing.repeatGuard')} name="repeat_guard_days" extra={t('landing.repeatGuardHelp')}>
            <InputNumber min={0} max={365} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label={t('landing.dailyCap')} name="daily_cap_per_location" extra={t('landing.dailyCapHelp')}>
            <InputNumber min={1} max={100000} style={{ width: '100%' }} placeholder={t('landing.noCap')} />
          </Form.Item>
        </div>
        {manage && (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-landing-settings">
            {t('landing.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

function PagesTable({ kind }: { kind: 'location' | 'brand' }) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const pages = useQuery({
    queryKey: feedbackKeys.pages(kind),
    queryFn: ({ signal }) => feedbackApi.pages(kind, signal),
  });
  const download = (path: string) => void feedbackApi.qr(path).catch((e: Error) => message.error(e.message));
  const columns: TableColumnsType<LandingPage> = [
    {
      title: kind === 'location' ? t('landing.location') : t('landing.brand'),
      key: 'title',
      render: (_, p) => (
        <div>
          <div className="fb-title" dir="auto">
            {p.title}
          </div>
          {kind === 'location' && p.brand_title && (
            <div className="fb-sub" dir="auto">
              {p.brand_title}
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('landing.shortAddress'),
      key: 'url',
      render: (_, p) => (
        <Space size={4}>
          <a href={p.url} target="_blank" rel="noreferrer" className="fb-url" dir="ltr" data-testid="landing-url">
            {p.url.replace(/^https?:\/\//, '')}
          </a>
          <Tooltip title={t('landing.copy')}>
            <Button
              size="small"
              type="text"
              aria-label={t('landing.copyOf', { title: p.title })}
              icon={<CopyOutlined />}
              onClick={() => void copyText(p.url).then(() => message.success(t('landing.copied')))}
            />
          </Tooltip>
          <Tooltip title={t('landing.open')}>
            <Button
              size="small"
              type="text"
              aria-label={t('landing.openOf', { title: p.title })}
              icon={<ExportOutlined />}
              href={p.url}
              target="_blank"
            />
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('landing.qr'),
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
            {t('landing.tableCard')}
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
  const { t } = useTranslation('feedback');
  const role = useMe().data?.role ?? 'analyst';
  const manage = MANAGERS.includes(role);
  const settings = useQuery({ queryKey: feedbackKeys.settings, queryFn: ({ signal }) => feedbackApi.settings(signal) });
  const [tab, setTab] = useState<'location' | 'brand'>('location');
  return (
    <div className="fb-page">
      <PageHeader title={t('landing.title')} description={t('landing.description')} />
      {settings.error && <Alert type="error" showIcon message={settings.error.message} />}
      {settings.data && <SettingsCard settings={settings.data} manage={manage} />}
      <Card title={t('landing.pages')} className="fb-card">
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as 'location' | 'brand')}
          items={[
            { key: 'location', label: t('landing.locations'), children: <PagesTable kind="location" /> },
            { key: 'brand', label: t('landing.brands'), children: <PagesTable kind="brand" /> },
          ]}
        />
      </Card>
    </div>
  );
}
