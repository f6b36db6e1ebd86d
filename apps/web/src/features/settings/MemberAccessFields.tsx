import { Form, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LocationsTitle } from '@reputo/core';
import { fetchRoles } from './api';
import { LocationPicker } from './ui';
import { placeContext, roleName } from './i18n';
import { settingsKeys } from './queryKeys';

/** Role and location fields shared by the invite and edit forms. `scope` is 'all' or 'some'. */
export function MemberAccessFields({ title }: { title: LocationsTitle }) {
  const { t } = useTranslation('settings');
  const roles = useQuery({
    queryKey: settingsKeys.team.roles,
    queryFn: ({ signal }) => fetchRoles(signal),
    staleTime: 300_000,
  });
  const form = Form.useFormInstance();
  const scope = Form.useWatch('scope', form);
  const context = placeContext(title);
  return (
    <>
      <Form.Item label={t('members.role')} name="role" extra={t('members.roleExtra')}>
        <Select
          loading={roles.isLoading}
          options={(roles.data?.roles ?? []).map((r) => ({
            value: r.value,
            label: roleName(t, r.value, r.label),
            disabled: !r.grantable,
          }))}
          data-testid="member-role"
        />
      </Form.Item>
      <Form.Item label={t('members.sees', { context })} name="scope">
        <Radio.Group
          options={[
            { value: 'all', label: t('place.all', { context }) },
            { value: 'some', label: t('members.some', { context }) },
          ]}
          data-testid="member-scope"
        />
      </Form.Item>
      {scope === 'some' && (
        <Form.Item
          name="locationIds"
          rules={[
            {
              validator: async (_r, v: number[] | undefined) => {
                if (!v?.length) throw new Error(t('members.chooseOne', { context }));
              },
            },
          ]}
        >
          <LocationPicker placeholder={t('members.choose', { context })} testId="member-locations" />
        </Form.Item>
      )}
    </>
  );
}

export function scopeOf(locationIds: number[] | null): { scope: 'all' | 'some'; locationIds: number[] } {
  return locationIds === null ? { scope: 'all', locationIds: [] } : { scope: 'some', locationIds };
}

export function locationIdsOf(v: { scope?: 'all' | 'some'; locationIds?: number[] }): number[] | null {
  return v.scope === 'some' ? (v.locationIds ?? []) : null;
}
