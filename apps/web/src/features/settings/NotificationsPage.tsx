import { useEffect } from 'react';
import { Alert, App, Button, Card, Checkbox, Form, Radio, Select, Skeleton, Switch } from 'antd';
import { BellOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { pluralize, type NotificationKind } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMe } from '../auth/queries';
import { notificationsApi, type Delivery, type NotificationInput } from './api';
import { LocationPicker } from './ui';
import './settings.css';
import { settingsKeys } from './queryKeys';

const DELIVERY_LABELS: Record<Delivery, { title: string; help: string }> = {
  instant: { title: 'Instant mail', help: 'One mail as soon as new reviews arrive.' },
  daily: { title: 'Daily digest', help: 'One summary a day with figures and the reviews to answer first.' },
  weekly: { title: 'Weekly digest', help: 'One summary a week.' },
};

const KIND_LABELS: Record<NotificationKind, string> = {
  count: 'New reviews',
  message: 'Customer messages',
  post: 'New social posts',
  comment: 'Comments on posts',
};

const STARS = [5, 4, 3, 2, 1];

/** Which new reviews the user hears about, and how: every role has this page. */
export default function NotificationsPage() {
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
      queryClient.setQueryData(['notifications'], saved);
      void message.success(saved.enabled ? 'Notification settings saved.' : 'Notifications are off.');
    },
    onError: (e) => void message.error(e.message),
  });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const enabled = Form.useWatch('enabled', form);
  const delivery = Form.useWatch('delivery', form);
  const plural = pluralize(me?.locationsTitle ?? 'Location');
  const data = settings.data;

  return (
    <>
      <PageHeader
        title="Notifications"
        description={
          <>
            Choose which new reviews you hear about and how. Mails go to <strong>{data?.email ?? me?.email}</strong>.
          </>
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
              <Form.Item name="enabled" valuePropName="checked" label="Review notifications">
                <Switch checkedChildren="On" unCheckedChildren="Off" data-testid="notify-enabled" />
              </Form.Item>
              <fieldset disabled={!enabled} style={{ border: 0, padding: 0, margin: 0, opacity: enabled ? 1 : 0.55 }}>
                <Form.Item name="delivery" label="How">
                  <Radio.Group style={{ display: 'grid', gap: 8 }}>
                    {data.available.deliveries.map((d) => (
                      <Radio key={d} value={d} data-testid={`delivery-${d}`}>
                        <strong>{DELIVERY_LABELS[d].title}</strong>{' '}
                        <span className="st-muted">{DELIVERY_LABELS[d].help}</span>
                      </Radio>
                    ))}
                  </Radio.Group>
                </Form.Item>
                <Form.Item
                  name="ratings"
                  label="Ratings"
                  rules={[
                    {
                      validator: async (_r, v: number[] | undefined) => {
                        if (!v?.length) throw new Error('Choose at least one rating.');
                      },
                    },
                  ]}
                >
                  <Checkbox.Group
                    className="st-choice-row"
                    options={STARS.map((s) => ({ value: s, label: `${s} ★` }))}
                  />
                </Form.Item>
                <Form.Item name="sources" label="Sources" extra="Leave empty for every source.">
                  <Select
                    mode="multiple"
                    allowClear
                    placeholder="All sources"
                    options={data.available.sources.map((s) => ({ value: s.value, label: s.title }))}
                    data-testid="notify-sources"
                  />
                </Form.Item>
                <Form.Item
                  name="locations"
                  label={plural}
                  extra={`Leave empty for every ${plural.toLowerCase().replace(/s$/, '')} you can see.`}
                >
                  <LocationPicker placeholder={`All ${plural.toLowerCase()}`} testId="notify-locations" />
                </Form.Item>
                <Form.Item
                  name="kinds"
                  label={delivery === 'instant' ? 'Include' : 'Include in the digest'}
                  extra={
                    delivery === 'instant'
                      ? 'Instant mails are about new reviews; messages, posts and comments are counted in digests.'
                      : undefined
                  }
                >
                  <Checkbox.Group
                    className="st-choice-row"
                    options={data.available.kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
                  />
                </Form.Item>
              </fieldset>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="notify-save">
                Save
              </Button>
            </Form>
          )}
        </Card>
        <Card
          title={
            <>
              <BellOutlined /> What you will get
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
  if (!enabled)
    return (
      <p className="st-muted" data-testid="notify-summary">
        Notifications are off: you get no review mails for this company.
      </p>
    );
  return (
    <ul className="st-summary" style={{ paddingLeft: 18, margin: 0 }} data-testid="notify-summary">
      <li>
        <MailOutlined /> {DELIVERY_LABELS[delivery].title}: {DELIVERY_LABELS[delivery].help}
      </li>
      <li>Only reviews with the ratings, sources and places you chose, among those you may see.</li>
      <li>{lastSentAt ? `Last mail sent ${dayjs(lastSentAt).format('D MMM YYYY, HH:mm')}.` : 'No mail sent yet.'}</li>
    </ul>
  );
}
