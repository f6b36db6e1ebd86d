import { useRef } from 'react';
import { App, Button, Drawer, Form, Input, Radio, Tooltip } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import {
  CAMPAIGN_MERGE_FIELDS,
  feedbackPaths,
  SAMPLE_RECIPIENT_TOKEN,
  renderCampaignTemplate,
  renderInvitation,
  smsSegments,
  type CampaignMergeField,
} from '@reputo/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../i18n/format';
import { currentLanguage } from '../../../i18n/i18n';
import { useMediaQuery } from '../../../app/shell/useMediaQuery';
import { ApiError } from '../../../lib/api';
import { useMe } from '../../auth/queries';
import { locationsApi } from '../../settings/api';
import { settingsKeys } from '../../settings/queryKeys';
import { templateKeys, templatesApi, type CampaignTemplate, type TemplateInput } from './api';

const SAMPLE_NAMES: Record<string, string> = { en: 'Layla Nasser', ar: 'ليلى ناصر' };
/** As long as a real recipient's token (the API's preview uses the same length), so the SMS part count is right. */

/** A template's form values; a new one starts in the interface language with its sample text. */
function toForm(tpl: CampaignTemplate | null, t: TFunction): TemplateInput {
  const language = currentLanguage();
  return tpl
    ? { name: tpl.name, channel: tpl.channel, language: tpl.language, subject: tpl.subject, body: tpl.body }
    : {
        name: '',
        channel: 'sms',
        language,
        subject: null,
        body: t('templates.defaultBody'),
      };
}

/** The SMS parts line: "1 part · 98 / 160 characters (GSM-7)". */
function partsText(text: string, t: TFunction): string {
  const s = smsSegments(text);
  const n = (v: number) => formatNumber(v);
  const parts = t('templates.parts', { count: s.segments, n: n(s.segments) });
  const limit =
    s.segments > 1
      ? t('templates.charsPerPart', { units: n(s.units), per: n(s.perSegment) })
      : t('templates.charsOf', { units: n(s.units), per: n(s.perSegment) });
  const why = s.encoding === 'UCS-2' ? t('templates.ucs2', { per: n(70) }) : '';
  return `${parts} · ${limit}${why}`;
}

/** The message as a sample customer receives it, rendered with the rules sending uses. */
function Preview({ values }: { values: Partial<TemplateInput> }) {
  const { t } = useTranslation('feedback');
  const me = useMe().data;
  const places = useQuery({
    queryKey: settingsKeys.locations.short,
    queryFn: ({ signal }) => locationsApi.short(signal),
    staleTime: 60_000,
  });
  const place = places.data?.locations[0];
  const origin = window.location.origin;
  const channel = values.channel ?? 'sms';
  const language = values.language ?? 'en';
  const sample = {
    name: SAMPLE_NAMES[language] ?? SAMPLE_NAMES.en,
    location: place?.title ?? 'Dubai Marina',
    brand: place?.brand ?? me?.companyName ?? '',
    company: me?.companyName ?? '',
    link: `${origin}${feedbackPaths.click(SAMPLE_RECIPIENT_TOKEN)}`,
    unsubscribe_link: channel === 'email' ? `${origin}${feedbackPaths.unsubscribe(SAMPLE_RECIPIENT_TOKEN)}` : undefined,
  };
  const body = renderInvitation(channel, values.body ?? '', sample, language);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return (
    <div className="ct-preview" data-testid="template-preview">
      <div className="ct-preview-label">
        {t('templates.previewFor', { name: sample.name, location: sample.location })}
      </div>
      {channel === 'sms' ? (
        <>
          <div className="ct-phone">
            <div className="ct-bubble" dir={dir} data-testid="preview-body">
              {body}
            </div>
          </div>
          <div className="ct-parts" data-testid="sms-parts">
            {partsText(body, t)}
          </div>
        </>
      ) : (
        <div className="ct-mail" dir={dir}>
          <div className="ct-mail-subject" data-testid="preview-subject">
            {renderCampaignTemplate(values.subject ?? '', sample) || (
              <span className="ct-sub">{t('templates.noSubject')}</span>
            )}
          </div>
          <div className="ct-mail-body" data-testid="preview-body">
            {body}
          </div>
        </div>
      )}
    </div>
  );
}

/** Create or edit a template: merge-field buttons insert at the cursor; the preview follows every key. */
export function TemplateDrawer({
  editing,
  readOnly,
  onClose,
}: {
  editing: CampaignTemplate | 'new';
  readOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const narrow = useMediaQuery('(max-width: 900px)');
  const [form] = Form.useForm<TemplateInput>();
  const bodyRef = useRef<TextAreaRef>(null);
  const current = editing === 'new' ? null : editing;
  const values = Form.useWatch([], form) as Partial<TemplateInput> | undefined;
  const channel = values?.channel ?? current?.channel ?? 'sms';
  const save = useMutation({
    mutationFn: (v: TemplateInput) => {
      const body = { ...v, subject: v.channel === 'email' ? v.subject?.trim() || null : null };
      return current ? templatesApi.update(current.id, body) : templatesApi.create(body);
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: templateKeys.all });
      void message.success(current ? t('templates.saved') : t('templates.created'));
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.details.length)
        form.setFields(e.details.map((d) => ({ name: d.field as keyof TemplateInput, errors: [d.message] })));
      else void message.error(e.message);
    },
  });

  const insert = (field: CampaignMergeField) => {
    const el = bodyRef.current?.resizableTextArea?.textArea;
    const text = form.getFieldValue('body') ?? '';
    const token = `{${field}}`;
    const at = el ? el.selectionStart : text.length;
    const end = el ? el.selectionEnd : text.length;
    form.setFieldValue('body', text.slice(0, at) + token + text.slice(end));
    // Put the cursor after the field, as typing it would.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  return (
    <Drawer
      title={
        current ? (readOnly ? current.name : t('templates.editTitle', { name: current.name })) : t('templates.new')
      }
      open
      onClose={onClose}
      size={narrow ? '100%' : 980}
      destroyOnHidden
      extra={
        !readOnly && (
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="template-save">
            {t('templates.save')}
          </Button>
        )
      }
    >
      <div className="ct-editor">
        <Form<TemplateInput>
          form={form}
          layout="vertical"
          name="template"
          requiredMark={false}
          disabled={readOnly}
          initialValues={toForm(current, t)}
          onFinish={(v) => save.mutate(v)}
          className="ct-form"
        >
          <Form.Item
            label={t('templates.name')}
            name="name"
            rules={[{ required: true, whitespace: true, message: t('templates.nameMissing') }]}
          >
            <Input
              maxLength={200}
              dir="auto"
              placeholder={t('templates.namePlaceholder')}
              data-testid="template-name"
            />
          </Form.Item>
          <div className="ct-grid2">
            <Form.Item label={t('channel.label')} name="channel">
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={[
                  { value: 'sms', label: t('channel.sms') },
                  { value: 'email', label: t('channel.email') },
                ]}
                data-testid="template-channel"
              />
            </Form.Item>
            <Form.Item label={t('templates.languageTitle')} name="language">
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={[
                  { value: 'en', label: t('templates.language.en') },
                  { value: 'ar', label: t('templates.language.ar') },
                ]}
              />
            </Form.Item>
          </div>
          {channel === 'email' && (
            <Form.Item
              label={t('templates.subject')}
              name="subject"
              rules={[{ required: true, whitespace: true, message: t('templates.subjectMissing') }]}
            >
              <Input
                maxLength={300}
                dir="auto"
                placeholder={t('templates.subjectPlaceholder')}
                data-testid="template-subject"
              />
            </Form.Item>
          )}
          <div className="ct-fields" role="group" aria-label={t('templates.insertField')}>
            {(Object.keys(CAMPAIGN_MERGE_FIELDS) as CampaignMergeField[])
              .filter((f) => channel === 'email' || f !== 'unsubscribe_link')
              .map((f) => (
                <Tooltip key={f} title={t(`templates.field.${f}`, { defaultValue: CAMPAIGN_MERGE_FIELDS[f] })}>
                  <Button size="small" dir="ltr" onClick={() => insert(f)} disabled={readOnly}>
                    {`{${f}}`}
                  </Button>
                </Tooltip>
              ))}
          </div>
          <Form.Item
            label={t('templates.message')}
            name="body"
            rules={[{ required: true, whitespace: true, message: t('templates.bodyMissing') }]}
            extra={channel === 'sms' ? t('templates.smsExtra') : t('templates.emailExtra')}
          >
            <TextArea
              ref={bodyRef}
              dir="auto"
              autoSize={{ minRows: channel === 'sms' ? 4 : 8, maxRows: 18 }}
              maxLength={channel === 'sms' ? 1530 : 20000}
              data-testid="template-body"
            />
          </Form.Item>
        </Form>
        <Preview values={values ?? toForm(current, t)} />
      </div>
    </Drawer>
  );
}
