import { Select } from 'antd';
import type { CampaignChannel } from '@reputo/core';

/** The Email / SMS filter of the Feedback tables (suppression list, templates); empty shows both. */
export function ChannelFilter({
  value,
  onChange,
}: {
  value: CampaignChannel | undefined;
  onChange: (channel: CampaignChannel | undefined) => void;
}) {
  return (
    <Select
      allowClear
      placeholder="All channels"
      aria-label="Channel"
      value={value}
      onChange={onChange}
      options={[
        { value: 'email', label: 'Email' },
        { value: 'sms', label: 'SMS' },
      ]}
      style={{ minWidth: 140 }}
    />
  );
}
