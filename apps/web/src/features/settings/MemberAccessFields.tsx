import { Form, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { pluralize, type LocationsTitle } from '@reputo/core';
import { fetchRoles } from './api';
import { LocationPicker } from './ui';
import { settingsKeys } from './queryKeys';

/** Role and location fields shared by the invite and edit forms. `scope` is 'all' or 'some'. */
export function MemberAccessFields({ title }: { title: LocationsTitle }) {
  const roles = useQuery({
    queryKey: settingsKeys.team.roles,
    queryFn: ({ signal }) => fetchRoles(signal),
    staleTime: 300_000,
  });
  const form = Form.useFormInstance();
  const scope = Form.useWatch('scope', form);
  const plural = pluralize(title).toLowerCase();
  return (
    <>
      <Form.Item
        label="Role"
        name="role"
        extra="Master Admins and Managers manage settings; Responders answer reviews; Analysts read."
      >
        <Select
          loading={roles.isLoading}
          options={(roles.data?.roles ?? []).map((r) => ({ value: r.value, label: r.label, disabled: !r.grantable }))}
          data-testid="member-role"
        />
      </Form.Item>
      <Form.Item label={`${pluralize(title)} this member sees`} name="scope">
        <Radio.Group
          options={[
            { value: 'all', label: `All ${plural}` },
            { value: 'some', label: `Only some ${plural}` },
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
                if (!v?.length) throw new Error(`Choose at least one ${title.toLowerCase()}.`);
              },
            },
          ]}
        >
          <LocationPicker placeholder={`Choose ${plural}`} testId="member-locations" />
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
