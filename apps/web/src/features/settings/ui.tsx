import { Select, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { freeTextError } from '@reputo/core';
import { translateMessage } from '../../i18n/messages';
import './i18n'; // loads the validation catalogue that translateMessage reads
import { locationsApi } from './api';
import { settingsKeys } from './queryKeys';

/** The spec's two free-text rules as antd rules; an optional field may stay empty. */
export function freeTextRules(required: boolean): FormRule[] {
  return [
    {
      validator: async (_rule, raw: unknown) => {
        const value = typeof raw === 'string' ? raw : '';
        if (!required && value === '') return;
        const message = freeTextError(value);
        if (message) throw new Error(translateMessage(message));
      },
    },
  ];
}

/** Locations the user may see, for choosing some (grouped by brand). */
/** `id` comes from the Form.Item around it, so the item's label names the picker for screen readers. */
export function LocationPicker({
  id,
  value,
  onChange,
  placeholder,
  testId,
}: {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  placeholder: string;
  testId?: string;
}) {
  const { t } = useTranslation('settings');
  const short = useQuery({
    queryKey: settingsKeys.locations.short,
    queryFn: ({ signal }) => locationsApi.short(signal),
    staleTime: 60_000,
  });
  const groups = new Map<string, { label: string; value: number }[]>();
  for (const l of short.data?.locations ?? []) {
    const key = l.brand ?? t('picker.otherBrand');
    groups.set(key, [
      ...(groups.get(key) ?? []),
      { label: l.locationId ? `${l.title} (${l.locationId})` : l.title, value: l.id },
    ]);
  }
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={short.isLoading}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      options={[...groups].map(([label, options]) => ({ label, options }))}
      maxTagCount="responsive"
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
