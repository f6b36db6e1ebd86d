import { App, Button, DatePicker, Drawer, Form, Input, Select, Switch } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../app/shell/useMediaQuery';
import { ApiError } from '../../../lib/api';
import { locationsApi } from '../../settings/api';
import { settingsKeys } from '../../settings/queryKeys';
import { listKeys, listsApi, type Contact, type ContactInput } from './api';

const EMAIL_EXAMPLE = 'name@example.com';

interface FormValues {
  name?: string;
  email?: string;
  phone?: string;
  location_id?: number | null;
  tags?: string[];
  consent_email: boolean;
  consent_sms: boolean;
  last_visit?: Dayjs | null;
}

function toForm(c: Contact | null): FormValues {
  return {
    name: c?.name ?? undefined,
    email: c?.email ?? undefined,
    phone: c?.phone ?? undefined,
    location_id: c?.location_id ?? null,
    tags: c?.tags ?? [],
    consent_email: c?.consent_email ?? true,
    consent_sms: c?.consent_sms ?? true,
    last_visit: c?.last_visit_at ? dayjs(c.last_visit_at.slice(0, 10)) : null,
  };
}

function toInput(v: FormValues): ContactInput {
  return {
    name: v.name?.trim() || null,
    email: v.email?.trim() || null,
    phone: v.phone?.trim() || null,
    location_id: v.location_id ?? null,
    tags: v.tags ?? [],
    consent_email: v.consent_email,
    consent_sms: v.consent_sms,
    last_visit: v.last_visit ? v.last_visit.format('YYYY-MM-DD') : null,
  };
}

/** Add a contact to a list, or edit one. A new contact whose email or phone is known fills that contact in. */
export function ContactDrawer({
  listId,
  editing,
  onClose,
}: {
  listId: number;
  editing: Contact | 'new';
  onClose: () => void;
}) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const narrow = useMediaQuery('(max-width: 600px)');
  const [form] = Form.useForm<FormValues>();
  const current = editing === 'new' ? null : editing;
  const places = useQuery({
    queryKey: settingsKeys.locations.short,
    queryFn: ({ signal }) => locationsApi.short(signal),
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: async (v: FormValues) =>
      current
        ? { merged: false, contact: await listsApi.updateContact(current.id, toInput(v)) }
        : listsApi.addContact(listId, toInput(v)),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: listKeys.all });
      void message.success(current ? t('contact.saved') : r.merged ? t('contact.merged') : t('contact.added'));
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.details.length)
        form.setFields(
          e.details.map((d) => ({
            name: (d.field === 'last_visit' ? 'last_visit' : d.field) as keyof FormValues,
            errors: [d.message],
          })),
        );
      else void message.error(e.message);
    },
  });
  return (
    <Drawer
      title={
        current ? t('contact.editTitle', { name: current.name ?? current.email ?? current.phone }) : t('contact.add')
      }
      open
      onClose={onClose}
      size={narrow ? '100%' : 480}
      destroyOnHidden
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="contact-save">
          {t('contact.save')}
        </Button>
      }
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="contact"
        requiredMark={false}
        initialValues={toForm(current)}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item label={t('contact.name')} name="name">
          <Input maxLength={200} placeholder={t('contact.namePlaceholder')} data-testid="contact-name" />
        </Form.Item>
        <Form.Item label={t('contact.email')} name="email" rules={[{ type: 'email', message: t('contact.notEmail') }]}>
          <Input type="email" dir="ltr" maxLength={254} placeholder={EMAIL_EXAMPLE} data-testid="contact-email" />
        </Form.Item>
        <Form.Item label={t('contact.phone')} name="phone" extra={t('contact.phoneHelp')}>
          <Input type="tel" dir="ltr" maxLength={40} placeholder="+971 50 123 4567" data-testid="contact-phone" />
        </Form.Item>
        <Form.Item label={t('contact.location')} name="location_id">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('contact.locationPlaceholder')}
            loading={places.isLoading}
            options={(places.data?.locations ?? []).map((l) => ({ value: l.id, label: l.title }))}
          />
        </Form.Item>
        <Form.Item label={t('contact.tags')} name="tags">
          <Select
            mode="tags"
            tokenSeparators={[',', ';']}
            placeholder={t('contact.tagsPlaceholder')}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        <Form.Item label={t('contact.lastVisit')} name="last_visit">
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs().endOf('day'))} />
        </Form.Item>
        <div className="fl-switches">
          <Form.Item label={t('contact.consentEmail')} name="consent_email" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label={t('contact.consentSms')} name="consent_sms" valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
        <p className="fl-sub">{t('contact.needsAddress')}</p>
      </Form>
    </Drawer>
  );
}
