import { Alert, App, Button, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewFilterValues } from '@reputo/core';
import { sourceTitle } from '@reputo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixed, int, isolate, showDate } from '../reporting/display';
import { reviewsApi, type ReviewAlert } from './api';
import { reviewKeys } from './queryKeys';
import { Stars } from './ui';

const day = (iso: string) => iso.slice(0, 10);

function AlertItem({
  alert,
  canAcknowledge,
  onShow,
}: {
  alert: ReviewAlert;
  canAcknowledge: boolean;
  onShow: (filter: ReviewFilterValues) => void;
}) {
  const { t } = useTranslation('reviews');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const acknowledge = useMutation({
    mutationFn: () => reviewsApi.acknowledgeAlert(alert.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.alerts });
      message.success(t('alerts.acknowledged'));
    },
    onError: (e: Error) => message.error(e.message),
  });
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="review-alert"
      title={t('alerts.title', { location: isolate(alert.location_title) })}
      description={
        <div>
          <Typography.Text>
            {t('alerts.text', {
              count: alert.count,
              value: int(alert.count),
              end: showDate(alert.window_end, 'dayTime'),
              expected: fixed(alert.expected, 1),
            })}
          </Typography.Text>
          {open && (
            <ul style={{ margin: '8px 0 0', paddingInlineStart: 18 }} data-testid="review-alert-reviews">
              {alert.reviews.map((r) => (
                <li key={r.id}>
                  <Stars rating={r.rating} size={12} /> {sourceTitle(r.source)} ·{' '}
                  <bdi dir="auto">{r.author_name ?? t('alerts.customer')}</bdi>:{' '}
                  <bdi dir="auto">{r.text ? r.text.slice(0, 140) : t('alerts.noText')}</bdi>
                </li>
              ))}
            </ul>
          )}
        </div>
      }
      action={
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <Button size="small" onClick={() => setOpen((o) => !o)}>
            {open
              ? t('alerts.hide')
              : t('alerts.list', { count: alert.reviews.length, value: int(alert.reviews.length) })}
          </Button>
          <Button
            size="small"
            onClick={() =>
              onShow({
                locations: [alert.location_id],
                ratings: [1, 2],
                date_from: day(alert.window_start),
                date_to: day(alert.window_end),
              })
            }
          >
            {t('alerts.show')}
          </Button>
          {canAcknowledge && (
            <Button size="small" type="primary" loading={acknowledge.isPending} onClick={() => acknowledge.mutate()}>
              {t('alerts.acknowledge')}
            </Button>
          )}
        </div>
      }
    />
  );
}

/**
 * Open review-bombing alerts of the locations the user may see (GET v2/api/reviewAlerts), above the
 * review list; Responders and above acknowledge them (PATCH v2/api/reviewAlerts/{id}).
 */
export function AlertsBanner({
  canAcknowledge,
  onShow,
}: {
  canAcknowledge: boolean;
  onShow: (filter: ReviewFilterValues) => void;
}) {
  const alerts = useQuery({ queryKey: reviewKeys.alerts, queryFn: reviewsApi.alerts, staleTime: 60_000 });
  const list = alerts.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 12 }} data-testid="review-alerts">
      {list.map((a) => (
        <AlertItem key={a.id} alert={a} canAcknowledge={canAcknowledge} onShow={onShow} />
      ))}
    </div>
  );
}
