import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { CheckCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { locationsApi } from '../settings/api';
import { settingsKeys } from '../settings/queryKeys';
import { offerKeys, offersApi, type Coupon } from './api';

const STATE_COLORS: Record<Coupon['state'], string> = { issued: 'blue', redeemed: 'green', expired: 'default' };
const STATE_LABELS: Record<Coupon['state'], string> = {
  issued: 'Ready to redeem',
  redeemed: 'Redeemed',
  expired: 'Expired',
};

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

function CouponDetails({ coupon }: { coupon: Coupon }) {
  const contact = [coupon.contact?.name, coupon.contact?.email, coupon.contact?.phone].filter(Boolean).join(' · ');
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="coupon-details"
      items={[
        { key: 'code', label: 'Code', children: <span className="of-code">{coupon.code}</span> },
        { key: 'offer', label: 'Offer', children: `${coupon.offer_title} (${coupon.discount_label})` },
        {
          key: 'state',
          label: 'State',
          children: <Tag color={STATE_COLORS[coupon.state]}>{STATE_LABELS[coupon.state]}</Tag>,
        },
        ...(coupon.valid_to ? [{ key: 'valid', label: 'Valid to', children: coupon.valid_to }] : []),
        ...(contact ? [{ key: 'to', label: 'Given to', children: contact }] : []),
        ...(coupon.redeemed_at
          ? [
              {
                key: 'redeemed',
                label: 'Redeemed',
                children: [when(coupon.redeemed_at), coupon.redeemed_location_title, coupon.redeemed_by]
                  .filter(Boolean)
                  .join(' · '),
              },
            ]
          : []),
        {
          key: 'page',
          label: 'Coupon page',
          children: (
            <a href={coupon.page_path} target="_blank" rel="noopener noreferrer">
              Open the customer's page
            </a>
          ),
        },
      ]}
    />
  );
}

/** Redeem a code at the till: find it, check it, confirm. */
export function RedeemPanel({ canRedeem }: { canRedeem: boolean }) {
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
      void message.success(`Code ${c.code} redeemed.`);
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
    <Card title="Redeem a code" className="of-redeem" data-testid="redeem-panel">
      <div className="of-redeem-row">
        <Input
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={find}
          placeholder="Type or scan the customer's code"
          aria-label="Coupon code"
          className="of-code-input"
          data-testid="redeem-code"
        />
        <Select
          value={location}
          onChange={setLocationId}
          placeholder="Location"
          aria-label="Location"
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
          Find
        </Button>
      </div>
      {found.isError && (
        <Alert type="error" showIcon title={found.error.message} style={{ marginTop: 12 }} data-testid="redeem-error" />
      )}
      {coupon && (
        <div style={{ marginTop: 12 }}>
          <CouponDetails coupon={coupon} />
          {coupon.state === 'issued' && canRedeem && (
            <Space style={{ marginTop: 12 }} wrap>
              <Popconfirm
                title={`Redeem ${coupon.code}${locationTitle ? ` at ${locationTitle}` : ''}?`}
                okText="Redeem"
                cancelText="Cancel"
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
                  Redeem
                </Button>
              </Popconfirm>
              {!location && <span className="of-muted">Choose the location first.</span>}
            </Space>
          )}
          {redeem.isError && <Alert type="error" showIcon title={redeem.error.message} style={{ marginTop: 12 }} />}
        </div>
      )}
    </Card>
  );
}
