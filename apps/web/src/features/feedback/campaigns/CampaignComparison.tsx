import { Select, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Table } from '../../../app/ui/ResponsiveTable';
import { NoData, Panel } from '../../reporting/ui';
import { campaignsApi, pct, type Comparison } from './api';
import { CampaignFunnelCard } from './CampaignFunnelCard';

type Row = Comparison['data'][number];

const columns: TableColumnsType<Row> = [
  {
    title: 'Campaign',
    key: 'name',
    render: (_, c) => (
      <span>
        <Link to={`/feedback/campaigns/${c.id}`}>{c.name}</Link> <Tag>{c.channel === 'sms' ? 'SMS' : 'Email'}</Tag>
      </span>
    ),
  },
  { title: 'Sent', key: 'sent', align: 'right', render: (_, c) => c.counts.sent },
  { title: 'Delivered', key: 'delivered', align: 'right', render: (_, c) => pct(c.rates.delivery_rate) },
  {
    title: 'Opened',
    key: 'opened',
    align: 'right',
    render: (_, c) => (c.channel === 'sms' ? '–' : pct(c.rates.open_rate)),
  },
  { title: 'Clicked', key: 'clicked', align: 'right', render: (_, c) => pct(c.rates.click_rate) },
  { title: 'Rated', key: 'rated', align: 'right', render: (_, c) => pct(c.rates.rating_rate) },
  { title: 'Public reviews', key: 'reviewed', align: 'right', render: (_, c) => pct(c.rates.review_rate) },
  { title: 'Private feedback', key: 'feedback', align: 'right', render: (_, c) => pct(c.rates.feedback_rate) },
];

/**
 * Feedback › Analytics' campaign part: the funnel of one campaign (the newest by default) beside the
 * comparison of the campaigns that sent, so a manager sees which invitation works best.
 */
export function CampaignComparison() {
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
            aria-label="Campaign whose funnel is shown"
            value={shown}
            onChange={setPicked}
            options={rows.map((r) => ({ value: r.id, label: r.name }))}
            style={{ width: '100%', marginBottom: 12 }}
          />
          <CampaignFunnelCard campaignId={shown} title="Campaign funnel" />
        </div>
      ) : null}
      <Panel title="Campaign comparison" testId="campaign-comparison-table">
        {rows.length || comparison.isLoading ? (
          <Table<Row>
            rowKey="id"
            size="middle"
            loading={comparison.isLoading}
            dataSource={rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={columns}
          />
        ) : (
          <NoData text="No campaign has been sent yet: send one from Feedback › Campaigns." />
        )}
      </Panel>
    </div>
  );
}
