import { Select } from 'antd';
import type { CampaignChannel } from '@reputo/core';
import { useTranslation } from 'react-i18next';

/** The Email / SMS filter of the Feedback tables (suppression list, templates); empty shows both. */
export function ChannelFilter({
  value,
  onChange,
}: {
  value: CampaignChannel | undefined;
  onChange: (channel: CampaignChannel | undefined) => void;
}) {
  const { t } = useTranslation('feedback');
  return (
    <Select
      allowClear
      placeholder={t('channel.all')}
      aria-label={t('channel.label')}
      value={value}
      onChange={onChange}
      options={[
        { value: 'email', label: t('channel.email') },
        { value: 'sms', label: t('channel.sms') },
      ]}
      style={{ minWidth: 140 }}
    />
  );
}
