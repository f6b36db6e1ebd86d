import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listingKeys, listingsApi } from './api';

/** A category (or several) from the shipped list, searched on the server as the user types. */
export function CategorySelect({
  value,
  onChange,
  multiple,
  ...rest
}: {
  value?: string | string[] | null;
  onChange?: (v: string | string[] | null) => void;
  multiple?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('listings');
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: listingKeys.categories(search),
    queryFn: ({ signal }) => listingsApi.categories(search, signal),
    placeholderData: keepPreviousData,
  });
  const chosen = (Array.isArray(value) ? value : value ? [value] : []).map((id) => ({ value: id, label: nameOf(id) }));
  const options = [
    ...chosen,
    ...(found.data?.data ?? [])
      .filter((c) => !chosen.some((o) => o.value === c.id))
      .map((c) => ({ value: c.id, label: c.name })),
  ];
  return (
    <Select
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      filterOption={false}
      onSearch={setSearch}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? (multiple ? [] : null))}
      options={options}
      loading={found.isFetching}
      placeholder={t('categories.search')}
    />
  );
}

/** A category's name from its id (`gcid:seafood_restaurant` → Seafood restaurant). */
export function nameOf(id: string): string {
  const words = id.replace(/^gcid:/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
