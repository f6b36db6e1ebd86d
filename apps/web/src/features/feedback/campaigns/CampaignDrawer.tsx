import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Statistic,
  Switch,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import { useMediaQuery } from '../../../app/shell/useMediaQuery';
import { ApiError } from '../../../lib/api';
import { campaignKeys, campaignsApi, type Campaign, type CampaignInput, type Channel } from './api';

interface FormValues {
  name: string;
  channel: Channel;
  list_id: number | 0;
  location_ids: number[];
  tags: string[];
  last_visit?: [Dayjs | null, Dayjs | null] | null;
  template_id: number | 0;
  reminder: boolean;
  reminder_after_days: number | null;
  reminder_template_id: number | 0;
  offer_id: number | 0;
  when: 'now' | 'later' | 'draft';
  scheduled_at?: Dayjs | null;
}

const DAY = 'YYYY-MM-DD';

function toForm(c: Campaign | null): FormValues {
  return {
    name: c?.name ?? '',
    channel: c?.channel ?? 'email',
    list_id: c?.list_id ?? 0,
    location_ids: c?.segment.location_ids ?? [],
    tags: c?.segment.tags ?? [],
    last_visit:
      c?.segment.last_visit_from || c?.segment.last_visit_to
        ? [
            c.segment.last_visit_from ? dayjs(c.segment.last_visit_from) : null,
            c.segment.last_visit_to ? dayjs(c.segment.last_visit_to) : null,
          ]
        : null,
    template_id: c?.template_id ?? 0,
    reminder: Boolean(c?.reminder_after_days),
    reminder_after_days: c?.reminder_after_days ?? 3,
    reminder_template_id: c?.reminder_template_id ?? 0,
    offer_id: c?.offer_id ?? 0,
    when: 'now',
    scheduled_at: null,
  };
}

function segmentOf(v: Pick<FormValues, 'location_ids' | 'tags' | 'last_visit'>): CampaignInput['segment'] {
  return {
    ...(v.location_ids?.length ? { location_ids: v.location_ids } : {}),
    ...(v.tags?.length ? { tags: v.tags } : {}),
    ...(v.last_visit?.[0] ? { last_visit_from: v.last_visit[0].format(DAY) } : {}),
    ...(v.last_visit?.[1] ? { last_visit_to: v.last_visit[1].format(DAY) } : {}),
  };
}

function toInput(v: FormValues): CampaignInput {
  return {
    name: v.name.trim(),
    channel: v.channel,
    list_id: v.list_id || null,
    segment: segmentOf(v),
    template_id: v.template_id || null,
    reminder_after_days: v.reminder ? v.reminder_after_days : null,
    reminder_template_id: v.reminder ? v.reminder_template_id || null : null,
    offer_id: v.offer_id || null,
  };
}

/** The audience as the server counts it, refreshed as the audience fields change (debounced). */
function AudiencePreview({
  channel,
  listId,
  segment,
}: {
  channel: Channel;
  listId: number | null;
  segment: CampaignInput['segment'];
}) {
  const { t } = useTranslation('feedback');
  const key = JSON.stringify([channel, listId, segment]);
  const [debounced, setDebounced] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(key), 300);
    return () => clearTimeout(timer);
  }, [key]);
  const preview = useQuery({
    queryKey: ['campaigns', 'preview', debounced],
    queryFn: ({ signal }) => campaignsApi.preview({ channel, list_id: listId, segment }, signal),
    staleTime: 10_000,
  });
  const p = preview.data;
  const show = (n: number | undefined) => (n === undefined ? '…' : formatNumber(n));
  return (
    <div className="cp-preview" data-testid="campaign-preview" aria-live="polite">
      <Statistic title={t('drawer.willBeAsked')} value={show(p?.eligible)} valueStyle={{ color: '#15803d' }} />
      <Statistic title={t('drawer.suppressed')} value={show(p?.suppressed)} />
      <Statistic title={t('drawer.noConsent')} value={show(p?.no_consent)} />
      <Statistic
        title={t('drawer.askedRecently', {
          count: p?.repeat_guard_days ?? 30,
          n: formatNumber(p?.repeat_guard_days ?? 30),
        })}
        value={show(p?.asked_recently)}
      />
      <Statistic title={channel === 'sms' ? t('drawer.noPhone') : t('drawer.noEmail')} value={show(p?.no_address)} />
    </div>
  );
}

/** Create or edit a draft campaign, then send it now, schedule it, or keep it as a draft. */
export function CampaignDrawer({
  editing,
  onClose,
  onSent,
}: {
  editing: Campaign | 'new';
  onClose: () => void;
  onSent: (id: number) => void;
}) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const narrow = useMediaQuery('(max-width: 600px)');
  const [form] = Form.useForm<FormValues>();
  const current = editing === 'new' ? null : editing;
  const options = useQuery({
    queryKey: campaignKeys.options,
    queryFn: ({ signal }) => campaignsApi.options(signal),
    staleTime: 60_000,
  });
  const channel = Form.useWatch('channel', form) ?? current?.channel ?? 'email';
  const listId = Form.useWatch('list_id', form) ?? current?.list_id ?? 0;
  const locationIds = Form.useWatch('location_ids', form);
  const tags = Form.useWatch('tags', form);
  const lastVisit = Form.useWatch('last_visit', form);
  const reminder = Form.useWatch('reminder', form);
  const when = Form.useWatch('when', form) ?? 'now';
  const templates = (options.data?.templates ?? []).filter((tpl) => tpl.channel === channel);
  const templateOptions = [
    { value: 0, label: t('drawer.builtIn') },
    ...templates.map((tpl) => ({
      value: tpl.id,
      label: `${tpl.name} (${t(`templates.languageCode.${tpl.language}`, { defaultValue: tpl.language })})`,
    })),
  ];

  const save = useMutation({
    mutationFn: async (v: FormValues) => {
      const saved = current ? await campaignsApi.update(current.id, toInput(v)) : await campaignsApi.create(toInput(v));
      if (v.when === 'draft') return saved;
      return campaignsApi.send(saved.id, v.when === 'later' && v.scheduled_at ? v.scheduled_at.toISOString() : null);
    },
    onSuccess: (c) => {
      void qc.invalidateQueries({ queryKey: campaignKeys.all });
      void message.success(
        c.status === 'draft'
          ? t('drawer.draftSaved')
          : c.scheduled_at && dayjs(c.scheduled_at).isAfter(dayjs().add(1, 'minute'))
            ? t('drawer.scheduled')
            : t('drawer.sending'),
      );
      if (c.status !== 'draft') onSent(c.id);
      else onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.details.length)
        form.setFields(e.details.map((d) => ({ name: d.field as keyof FormValues, errors: [d.message] })));
      else void message.error(e.message);
    },
  });

  const action =
    when === 'draft' ? t('drawer.saveDraft') : when === 'later' ? t('drawer.schedule') : t('drawer.sendNow');
  return (
    <Drawer
      title={current ? t('drawer.editTitle', { name: current.name }) : t('campaigns.new')}
      open
      onClose={onClose}
      size={narrow ? '100%' : 600}
      destroyOnHidden
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="campaign-save">
          {action}
        </Button>
      }
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="campaign"
        requiredMark={false}
        initialValues={toForm(current)}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          label={t('drawer.name')}
          name="name"
          rules={[{ required: true, whitespace: true, message: t('drawer.nameMissing') }]}
        >
          <Input placeholder={t('drawer.namePlaceholder')} maxLength={200} data-testid="campaign-name" />
        </Form.Item>
        <Form.Item label={t('channel.label')} name="channel">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            onChange={() => form.setFieldsValue({ template_id: 0, reminder_template_id: 0 })}
            options={[
              { value: 'email', label: t('channel.email') },
              { value: 'sms', label: t('channel.sms'), disabled: options.data ? !options.data.sms_configured : false },
            ]}
          />
        </Form.Item>
        {options.data && !options.data.sms_configured && (
          <p className="cp-muted cp-note">{t('drawer.smsNeedsTwilio')}</p>
        )}
        <Form.Item label={t('drawer.sendTo')} name="list_id" extra={t('drawer.sendToHelp')}>
          <Select
            loading={options.isLoading}
            data-testid="campaign-list"
            options={[
              { value: 0, label: t('campaigns.everyContact') },
              ...(options.data?.lists ?? []).map((l) => ({
                value: l.id,
                label: `${l.name} (${formatNumber(l.contacts)})`,
              })),
            ]}
          />
        </Form.Item>
        <div className="cp-grid2">
          <Form.Item label={t('drawer.locations')} name="location_ids">
            <Select
              mode="multiple"
              allowClear
              placeholder={t('drawer.anyLocation')}
              optionFilterProp="label"
              options={(options.data?.locations ?? []).map((l) => ({ value: l.id, label: l.name }))}
            />
          </Form.Item>
          <Form.Item label={t('drawer.tags')} name="tags">
            <Select
              mode="multiple"
              allowClear
              placeholder={t('drawer.anyTag')}
              options={(options.data?.tags ?? []).map((tag) => ({ value: tag, label: tag }))}
            />
          </Form.Item>
        </div>
        <Form.Item label={t('drawer.lastVisit')} name="last_visit">
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} format={DAY} />
        </Form.Item>
        <AudiencePreview
          channel={channel}
          listId={listId || null}
          segment={segmentOf({ location_ids: locationIds ?? [], tags: tags ?? [], last_visit: lastVisit })}
        />
        <Form.Item label={t('drawer.template')} name="template_id">
          <Select options={templateOptions} data-testid="campaign-template" />
        </Form.Item>
        <Form.Item label={t('drawer.offer')} name="offer_id" extra={t('drawer.offerHelp')}>
          <Select
            data-testid="campaign-offer"
            options={[
              { value: 0, label: t('landing.noOffer') },
              ...(options.data?.offers ?? []).map((o) => ({ value: o.id, label: o.title })),
            ]}
          />
        </Form.Item>
        <Form.Item
          label={t('drawer.reminder')}
          name="reminder"
          valuePropName="checked"
          extra={t('drawer.reminderHelp')}
        >
          <Switch />
        </Form.Item>
        {reminder && (
          <div className="cp-grid2">
            <Form.Item
              label={t('drawer.afterDays')}
              name="reminder_after_days"
              rules={[{ required: true, message: t('drawer.afterDaysMissing') }]}
            >
              <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label={t('drawer.reminderTemplate')} name="reminder_template_id">
              <Select options={[{ value: 0, label: t('drawer.sameAsInvitation') }, ...templateOptions.slice(1)]} />
            </Form.Item>
          </div>
        )}
        <Form.Item label={t('drawer.when')} name="when">
          <Radio.Group>
            <Space direction={narrow ? 'vertical' : 'horizontal'}>
              <Radio value="now">{t('drawer.sendNow')}</Radio>
              <Radio value="later">{t('drawer.schedule')}</Radio>
              <Radio value="draft">{t('drawer.keepDraft')}</Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        {when === 'later' && (
          <Form.Item
            label={t('drawer.sendAt')}
            name="scheduled_at"
            rules={[{ required: true, message: t('drawer.sendAtMissing') }]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
        {when === 'now' && <Alert type="info" showIcon message={t('drawer.nowNote')} />}
      </Form>
    </Drawer>
  );
}
