import { useState } from 'react';
import { Alert, App, Button, InputNumber, Progress, Skeleton, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import { translateMessage } from '../../../i18n/messages';
import { responseApi } from '../api';
import { settingsKeys } from '../queryKeys';

// Response-rate target

export function ResponseRateTab() {
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
      queryClient.setQueryData(settingsKeys.responseRate, r);
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
