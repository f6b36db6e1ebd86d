import { useRef } from 'react';
import { App, Button, Drawer, Form, Input, Radio, Tooltip } from 'antd';
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
import { useMediaQuery } from '../../../app/shell/useMediaQuery';
import { ApiError } from '../../../lib/api';
import { useMe } from '../../auth/queries';
import { locationsApi } from '../../settings/api';
import { settingsKeys } from '../../settings/queryKeys';
import { templateKeys, templatesApi, type CampaignTemplate, type TemplateInput } from './api';

const SAMPLE_NAMES: Record<string, string> = { en: 'Layla Nasser', ar: 'ليلى ناصر' };
/** As long as a real recipient's token (the API's preview uses the same length), so the SMS part count is right. */

function toForm(t: CampaignTemplate | null): TemplateInput {
  return t
    ? { name: t.name, channel: t.channel, language: t.language, subject: t.subject, body: t.body }
    : {
        name: '',
        channel: 'sms',
        language: 'en',
        subject: null,
        body: 'Hi {first_name}, thanks for visiting {location}! How did we do? {link}',
      };
}

/** The SMS parts line: "1 part · 98 / 160 characters (GSM-7)". */
function partsText(text: string): string {
  const s = smsSegments(text);
  const parts = `${s.segments} part${s.segments === 1 ? '' : 's'}`;
  const limit =
    s.segments > 1 ? `${s.units} characters, ${s.perSegment} a part` : `${s.units} / ${s.perSegment} characters`;
  const why = s.encoding === 'UCS-2' ? ' (Arabic or emoji: 70 a part)' : '';
  return `${parts} · ${limit}${why}`;
}

/** The message as a sample customer receives it, rendered with the rules sending uses. */
function Preview({ values }: { values: Partial<TemplateInput> }) {
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
        Preview for {sample.name}, who visited {sample.location}
      </div>
      {channel === 'sms' ? (
        <>
          <div className="ct-phone">
            <div className="ct-bubble" dir={dir} data-testid="preview-body">
              {body}
            </div>
          </div>
          <div className="ct-parts" data-testid="sms-parts">
            {partsText(body)}
          </div>
        </>
      ) : (
        <div className="ct-mail" dir={dir}>
          <div className="ct-mail-subject" data-testid="preview-subject">
            {renderCampaignTemplate(values.subject ?? '', sample) || <span className="ct-sub">(no subject)</span>}
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
      void message.success(current ? 'Template saved.' : 'Template created.');
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
      title={current ? (readOnly ? current.name : `Edit ${current.name}`) : 'New template'}
      open
      onClose={onClose}
      size={narrow ? '100%' : 980}
      destroyOnHidden
      extra={
        !readOnly && (
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="template-save">
            Save
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
          initialValues={toForm(current)}
          onFinish={(v) => save.mutate(v)}
          className="ct-form"
        >
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: 'Missing template name!' }]}
          >
            <Input maxLength={200} placeholder="e.g. After the visit" data-testid="template-name" />
          </Form.Item>
          <div className="ct-grid2">
            <Form.Item label="Channel" name="channel">
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={[
                  { value: 'sms', label: 'SMS' },
                  { value: 'email', label: 'Email' },
                ]}
                data-testid="template-channel"
              />
            </Form.Item>
            <Form.Item label="Language" name="language">
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={[
                  { value: 'en', label: 'English' },
                  { value: 'ar', label: 'العربية' },
                ]}
              />
            </Form.Item>
          </div>
          {channel === 'email' && (
            <Form.Item
              label="Subject"
              name="subject"
              rules={[{ required: true, whitespace: true, message: 'An email needs a subject' }]}
            >
              <Input
                maxLength={300}
                dir="auto"
                placeholder="How was your visit to {location}?"
                data-testid="template-subject"
              />
            </Form.Item>
          )}
          <div className="ct-fields" role="group" aria-label="Insert a merge field">
            {(Object.keys(CAMPAIGN_MERGE_FIELDS) as CampaignMergeField[])
              .filter((f) => channel === 'email' || f !== 'unsubscribe_link')
              .map((f) => (
                <Tooltip key={f} title={CAMPAIGN_MERGE_FIELDS[f]}>
                  <Button size="small" onClick={() => insert(f)} disabled={readOnly}>
                    {`{${f}}`}
                  </Button>
                </Tooltip>
              ))}
          </div>
          <Form.Item
            label="Message"
            name="body"
            rules={[{ required: true, whitespace: true, message: 'Missing template text!' }]}
            extra={
              channel === 'sms'
                ? 'The rating link and "Reply STOP to opt out." are added when the text leaves them out.'
                : 'The rating link and an unsubscribe link are added when the text leaves them out.'
            }
          >
            <Input.TextArea
              ref={bodyRef}
              dir="auto"
              autoSize={{ minRows: channel === 'sms' ? 4 : 8, maxRows: 18 }}
              maxLength={channel === 'sms' ? 1530 : 20000}
              data-testid="template-body"
            />
          </Form.Item>
        </Form>
        <Preview values={values ?? toForm(current)} />
      </div>
    </Drawer>
  );
}
