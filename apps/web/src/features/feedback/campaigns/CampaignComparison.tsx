import { Select, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../lib/Link';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../i18n/format';
import { Table } from '../../../app/ui/ResponsiveTable';
import { NoData, Panel } from '../../reporting/ui';
import { campaignsApi, pct, type Comparison } from './api';
import { CampaignFunnelCard } from './CampaignFunnelCard';

type Row = Comparison['data'][number];

const columns = (t: TFunction): TableColumnsType<Row> => [
  {
    title: t('campaigns.campaign'),
    key: 'name',
    render: (_, c) => (
      <span>
        <Link to={`/feedback/campaigns/${c.id}`} dir="auto">
          {c.name}
        </Link>{' '}
        <Tag>{t(`channel.${c.channel}`)}</Tag>
      </span>
    ),
  },
  { title: t('campaigns.sent'), key: 'sent', align: 'end', render: (_, c) => formatNumber(c.counts.sent) },
  { title: t('campaigns.delivered'), key: 'delivered', align: 'end', render: (_, c) => pct(c.rates.delivery_rate) },
  {
    title: t('campaigns.opened'),
    key: 'opened',
    align: 'end',
    render: (_, c) => (c.channel === 'sms' ? '–' : pct(c.rates.open_rate)),
  },
  { title: t('campaigns.clicked'), key: 'clicked', align: 'end', render: (_, c) => pct(c.rates.click_rate) },
  { title: t('campaigns.rated'), key: 'rated', align: 'end', render: (_, c) => pct(c.rates.rating_rate) },
  { title: t('campaigns.publicReviews'), key: 'reviewed', align: 'end', render: (_, c) => pct(c.rates.review_rate) },
  {
    title: t('campaigns.privateFeedback'),
    key: 'feedback',
    align: 'end',
    render: (_, c) => pct(c.rates.feedback_rate),
  },
];

/**
 * Feedback › Analytics' campaign part: the funnel of one campaign (the newest by default) beside the
 * comparison of the campaigns that sent, so a manager sees which invitation works best.
 */
export function CampaignComparison() {
  const { t } = useTranslation('feedback');
  const comparison = useQuery({
    queryKey: ['campaigns', 'comparison'],
    queryFn: ({ signal }) => campaignsApi.comparison(signal),
  });
  const rows = comparison.data?.data ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const shown = picked ?? rows[0]?.id ?? null;
  return (
    <div className="fb-campaigns" data-testid="campaign-comparison">
      {shown !== null ? (
        <div>
          <Select
            aria-label={t('campaigns.funnelPick')}
            data-user-content
            value={shown}
            onChange={setPicked}
            options={rows.map((r) => ({ value: r.id, label: <span dir="auto">{r.name}</span> }))}
            style={{ width: '100%', marginBlockEnd: 12 }}
          />
          <CampaignFunnelCard campaignId={shown} title={t('campaigns.funnelTitle')} />
        </div>
      ) : null}
      <Panel title={t('campaigns.comparison')} testId="campaign-comparison-table">
        {rows.length || comparison.isLoading ? (
          <Table<Row>
            rowKey="id"
            size="middle"
            loading={comparison.isLoading}
            dataSource={rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={columns(t)}
          />
        ) : (
          <NoData text={t('campaigns.noneSent')} />
        )}
      </Panel>
    </div>
  );
}
