import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { CheckCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import { locationsApi } from '../settings/api';
import { settingsKeys } from '../settings/queryKeys';
import { offerKeys, offersApi, type Coupon } from './api';

const STATE_COLORS: Record<Coupon['state'], string> = { issued: 'blue', redeemed: 'green', expired: 'default' };
function when(iso: string | null): string {
  return iso ? formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

function CouponDetails({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation('offers');
  const contact = [coupon.contact?.name, coupon.contact?.email, coupon.contact?.phone].filter(Boolean).join(' · ');
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="coupon-details"
      items={[
        {
          key: 'code',
          label: t('redeem.code'),
          children: (
            <span className="of-code" dir="ltr">
              {coupon.code}
            </span>
          ),
        },
        {
          key: 'offer',
          label: t('redeem.offer'),
          children: <span dir="auto">{`${coupon.offer_title} (${coupon.discount_label})`}</span>,
        },
        {
          key: 'state',
          label: t('redeem.state'),
          children: <Tag color={STATE_COLORS[coupon.state]}>{t(`redeem.stateLabel.${coupon.state}`)}</Tag>,
        },
        ...(coupon.valid_to
          ? [
              {
                key: 'valid',
                label: t('redeem.validTo'),
                children: formatDate(coupon.valid_to, { dateStyle: 'medium', timeZone: 'UTC' }),
              },
            ]
          : []),
        ...(contact ? [{ key: 'to', label: t('redeem.givenTo'), children: <span dir="auto">{contact}</span> }] : []),
        ...(coupon.redeemed_at
          ? [
              {
                key: 'redeemed',
                label: t('redeem.redeemed'),
                children: (
                  <span dir="auto">
                    {[when(coupon.redeemed_at), coupon.redeemed_location_title, coupon.redeemed_by]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                ),
              },
            ]
          : []),
        {
          key: 'page',
          label: t('redeem.couponPage'),
          children: (
            <a href={coupon.page_path} target="_blank" rel="noopener noreferrer">
              {t('redeem.openPage')}
            </a>
          ),
        },
      ]}
    />
  );
}

/** Redeem a code at the till: find it, check it, confirm. */
export function RedeemPanel({ canRedeem }: { canRedeem: boolean }) {
  const { t } = useTranslation('offers');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState('');
  const [locationId, setLocationId] = useState<number | undefined>();
  const locations = useQuery({
    queryKey: settingsKeys.locations.short,
    queryFn: ({ signal }) => locationsApi.short(signal),
    staleTime: 60_000,
  });
  const locs = locations.data?.locations ?? [];
  const location = locationId ?? (locs.length === 1 ? locs[0]!.id : undefined);
  const found = useQuery({
    queryKey: offerKeys.coupon(code),
    queryFn: ({ signal }) => offersApi.coupon(code, signal),
    enabled: code !== '',
    retry: false,
  });
  const redeem = useMutation({
    mutationFn: () => offersApi.redeem(code, location!),
    onSuccess: (c) => {
      qc.setQueryData(offerKeys.coupon(code), c);
      void qc.invalidateQueries({ queryKey: ['offers', 'list'] });
      void message.success(t('redeem.done', { code: c.code }));
    },
  });
  const find = () => {
    redeem.reset();
    setCode(typed.trim());
    if (typed.trim() === code) void found.refetch();
  };
  const coupon = found.data;
  const locationTitle = locs.find((l) => l.id === location)?.title;
  return (
    <Card title={t('redeem.title')} className="of-redeem" data-testid="redeem-panel">
      <div className="of-redeem-row">
        <Input
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={find}
          dir="ltr"
          placeholder={t('redeem.codePlaceholder')}
          aria-label={t('redeem.codeLabel')}
          className="of-code-input"
          data-testid="redeem-code"
        />
        <Select
          value={location}
          onChange={setLocationId}
          placeholder={t('redeem.location')}
          aria-label={t('redeem.location')}
          showSearch={{ optionFilterProp: 'label' }}
          loading={locations.isLoading}
          options={locs.map((l) => ({ value: l.id, label: l.title }))}
          className="of-location"
          data-testid="redeem-location"
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={find}
          disabled={!typed.trim()}
          data-testid="redeem-find"
        >
          {t('redeem.find')}
        </Button>
      </div>
      {found.isError && (
        <Alert
          type="error"
          showIcon
          title={found.error.message}
          style={{ marginBlockStart: 12 }}
          data-testid="redeem-error"
        />
      )}
      {coupon && (
        <div style={{ marginBlockStart: 12 }}>
          <CouponDetails coupon={coupon} />
          {coupon.state === 'issued' && canRedeem && (
            <Space style={{ marginBlockStart: 12 }} wrap>
              <Popconfirm
                title={
                  locationTitle
                    ? t('redeem.confirmAt', { code: coupon.code, location: locationTitle })
                    : t('redeem.confirm', { code: coupon.code })
                }
                okText={t('redeem.redeem')}
                cancelText={t('redeem.cancel')}
                okButtonProps={{ 'data-testid': 'redeem-confirm' } as never}
                onConfirm={() => redeem.mutate()}
                disabled={!location}
              >
                <Button
                  type="primary"
                  icon={<CheckCircleOutlined />}
                  loading={redeem.isPending}
                  disabled={!location}
                  data-testid="redeem-submit"
                >
                  {t('redeem.redeem')}
                </Button>
              </Popconfirm>
              {!location && <span className="of-muted">{t('redeem.chooseLocation')}</span>}
            </Space>
          )}
          {redeem.isError && (
            <Alert type="error" showIcon title={redeem.error.message} style={{ marginBlockStart: 12 }} />
          )}
        </div>
      )}
    </Card>
  );
}
