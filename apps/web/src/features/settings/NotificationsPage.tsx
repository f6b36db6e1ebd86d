import { useEffect } from 'react';
import { Alert, App, Button, Card, Checkbox, Form, Radio, Select, Skeleton, Switch } from 'antd';
import { BellOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Trans, useTranslation } from 'react-i18next';
import type { NotificationKind } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMe } from '../auth/queries';
import { notificationsApi, type Delivery, type NotificationInput } from './api';
import { LocationPicker } from './ui';
import { placeContext } from './i18n';
import { translateMessage } from '../../i18n/messages';
import './settings.css';
import { settingsKeys } from './queryKeys';

/** Keys of a delivery's title and help in the settings catalogue. */
const deliveryKey = (d: Delivery) => `notifications.delivery.${d}` as const;
const kindKey = (k: NotificationKind) => `notifications.kinds.${k}` as const;

const STARS = [5, 4, 3, 2, 1];

/** Which new reviews the user hears about, and how: every role has this page. */
export default function NotificationsPage() {
  const { t } = useTranslation('settings');
  const me = useMe().data;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NotificationInput>();
  const settings = useQuery({
    queryKey: settingsKeys.notifications,
    queryFn: ({ signal }) => notificationsApi.get(signal),
  });
  const save = useMutation({
    mutationFn: notificationsApi.save,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.notifications, saved);
      void message.success(saved.enabled ? t('notifications.saved') : t('notifications.off'));
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const enabled = Form.useWatch('enabled', form);
  const delivery = Form.useWatch('delivery', form);
  const context = placeContext(me?.locationsTitle);
  const data = settings.data;

  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        description={
          <Trans
            t={t}
            i18nKey="notifications.description"
            values={{ email: data?.email ?? me?.email }}
            components={{ strong: <strong dir="auto" /> }}
          />
        }
      />
      {settings.isError && <Alert type="error" showIcon title={settings.error.message} style={{ marginBottom: 16 }} />}
      <div className="st-notify-grid">
        <Card>
          {!data ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : (
            <Form
              form={form}
              layout="vertical"
              name="notifications"
              requiredMark={false}
              initialValues={data}
              onFinish={(v) =>
                save.mutate({
                  ...v,
                  ratings: v.ratings ?? [],
                  sources: v.sources ?? [],
                  locations: v.locations ?? [],
                  kinds: v.kinds ?? [],
                })
              }
            >
              <Form.Item name="enabled" valuePropName="checked" label={t('notifications.enabled')}>
                <Switch
                  checkedChildren={t('switch.on')}
                  unCheckedChildren={t('switch.off')}
                  data-testid="notify-enabled"
                />
              </Form.Item>
              <fieldset disabled={!enabled} style={{ border: 0, padding: 0, margin: 0, opacity: enabled ? 1 : 0.55 }}>
                <Form.Item name="delivery" label={t('notifications.how')}>
                  <Radio.Group style={{ display: 'grid', gap: 8 }}>
                    {data.available.deliveries.map((d) => (
                      <Radio key={d} value={d} data-testid={`delivery-${d}`}>
                        <strong>{t(`${deliveryKey(d)}.title`)}</strong>{' '}
                        <span className="st-muted">{t(`${deliveryKey(d)}.help`)}</span>
                      </Radio>
                    ))}
                  </Radio.Group>
                </Form.Item>
                <Form.Item
                  name="ratings"
                  label={t('notifications.ratings')}
                  rules={[
                    {
                      validator: async (_r, v: number[] | undefined) => {
                        if (!v?.length) throw new Error(t('notifications.chooseRating'));
                      },
                    },
                  ]}
                >
                  <Checkbox.Group
                    className="st-choice-row"
                    options={STARS.map((s) => ({ value: s, label: `${s} ★` }))}
                  />
                </Form.Item>
                <Form.Item name="sources" label={t('notifications.sources')} extra={t('notifications.sourcesExtra')}>
                  <Select
                    mode="multiple"
                    allowClear
                    placeholder={t('notifications.allSources')}
                    options={data.available.sources.map((s) => ({ value: s.value, label: s.title }))}
                    data-testid="notify-sources"
                  />
                </Form.Item>
                <Form.Item
                  name="locations"
                  label={t('place.titles', { context })}
                  extra={t('notifications.placesExtra', { context })}
                >
                  <LocationPicker placeholder={t('place.all', { context })} testId="notify-locations" />
                </Form.Item>
                <Form.Item
                  name="kinds"
                  label={delivery === 'instant' ? t('notifications.include') : t('notifications.includeDigest')}
                  extra={delivery === 'instant' ? t('notifications.includeExtra') : undefined}
                >
                  <Checkbox.Group
                    className="st-choice-row"
                    options={data.available.kinds.map((k) => ({ value: k, label: t(kindKey(k)) }))}
                  />
                </Form.Item>
              </fieldset>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="notify-save">
                {t('actions.save')}
              </Button>
            </Form>
          )}
        </Card>
        <Card
          title={
            <>
              <BellOutlined /> {t('notifications.whatYouGet')}
            </>
          }
        >
          {data ? (
            <Summary
              enabled={enabled ?? data.enabled}
              delivery={delivery ?? data.delivery}
              lastSentAt={data.lastSentAt}
            />
          ) : (
            <Skeleton active />
          )}
        </Card>
      </div>
    </>
  );
}

function Summary({
  enabled,
  delivery,
  lastSentAt,
}: {
  enabled: boolean;
  delivery: Delivery;
  lastSentAt: string | null;
}) {
  const { t } = useTranslation('settings');
  if (!enabled)
    return (
      <p className="st-muted" data-testid="notify-summary">
        {t('notifications.summaryOff')}
      </p>
    );
  return (
    <ul className="st-summary" style={{ paddingInlineStart: 18, margin: 0 }} data-testid="notify-summary">
      <li>
        <MailOutlined /> {t(`${deliveryKey(delivery)}.title`)}: {t(`${deliveryKey(delivery)}.help`)}
      </li>
      <li>{t('notifications.summaryScope')}</li>
      <li>
        {lastSentAt
          ? t('notifications.lastSent', { when: dayjs(lastSentAt).format('D MMM YYYY, HH:mm') })
          : t('notifications.noneSent')}
      </li>
    </ul>
  );
}
