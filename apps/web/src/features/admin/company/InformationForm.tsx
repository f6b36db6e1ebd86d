import { useEffect, useMemo } from 'react';
import { Form, Input, Select, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  COMPANY_TYPES,
  companyCreateSchema,
  companyUpdateSchema,
  COUNTRIES,
  TIME_ZONES,
  type Role,
} from '@reputo/core';
import { fetchPartners, type Company } from '../api';
import { zodRule } from '../format';
import { adminKeys } from '../queryKeys';

export interface InformationValues {
  company_name: string;
  status?: string;
  type?: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  country?: string;
  timeZone?: string;
  zip: string;
  partner_id?: number | null;
}

export function informationValues(c: Company | null): InformationValues {
  return {
    company_name: c?.company_name ?? '',
    // A new company defaults to 'Inactive' (spec 001 section 4).
    status: c?.status ?? 'inactive',
    type: c?.type,
    address1: c?.address1 ?? '',
    address2: c?.address2 ?? '',
    city: c?.city ?? '',
    state: c?.state ?? '',
    country: c?.country ?? undefined,
    timeZone: c?.timeZone ?? undefined,
    zip: c?.zip ?? '',
    partner_id: c?.partner_id ?? null,
  };
}

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/**
 * The information step's fields with the messages of spec 001 section 5, from the same zod schemas
 * the API uses: the create rules for a new company, the edit rules (time zone required) otherwise.
 */
export function InformationForm({
  form,
  company,
  role,
  onDirty,
}: {
  form: FormInstance<InformationValues>;
  company: Company | null;
  role: Role;
  onDirty: (dirty: boolean) => void;
}) {
  const editing = company !== null;
  const shape = editing ? companyUpdateSchema.shape : companyCreateSchema.shape;
  const partners = useQuery({
    queryKey: adminKeys.partners.choices,
    queryFn: ({ signal }) => fetchPartners({ page: 1, per_page: 100 }, signal),
    enabled: role === 'owner',
  });
  const countryOptions = useMemo(() => COUNTRIES.map((c) => ({ value: c.name, label: c.name })), []);
  const zoneOptions = useMemo(() => TIME_ZONES.map((z) => ({ value: z, label: z.replace(/_/g, ' ') })), []);
  useEffect(() => form.setFieldsValue(informationValues(company)), [company, form]);
  const optionalText = (field: 'address2') => [zodRule(shape[field], { optional: true })];

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark
      initialValues={informationValues(company)}
      onValuesChange={() => onDirty(form.isFieldsTouched())}
      data-testid="company-information-form"
    >
      <div className="form-grid">
        <Form.Item
          name="company_name"
          label="Company name"
          required
          rules={[zodRule(shape.company_name)]}
          className="span-2"
        >
          <Input placeholder="e.g. Saffron & Co. Restaurant Group" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="status"
          label="Status"
          required={!editing}
          rules={[
            zodRule(editing ? companyUpdateSchema.shape.status : companyCreateSchema.shape.status, {
              optional: editing,
            }),
          ]}
        >
          <Select options={STATUS_OPTIONS} placeholder="Choose a status" />
        </Form.Item>
        <Form.Item
          name="type"
          label="Company type"
          required={!editing}
          rules={[
            zodRule(editing ? companyUpdateSchema.shape.type : companyCreateSchema.shape.type, { optional: editing }),
          ]}
        >
          <Select showSearch options={COMPANY_TYPES.map((t) => ({ value: t, label: t }))} placeholder="Choose a type" />
        </Form.Item>
        <Form.Item
          name="address1"
          label="Address"
          required={!editing}
          rules={[zodRule(shape.address1, { optional: editing })]}
          className="span-2"
        >
          <Input placeholder="Street and building" maxLength={300} />
        </Form.Item>
        <Form.Item name="address2" label="Address line 2" rules={optionalText('address2')} className="span-2">
          <Input placeholder="Floor, suite (optional)" maxLength={300} />
        </Form.Item>
        <Form.Item name="city" label="City" required={!editing} rules={[zodRule(shape.city, { optional: editing })]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="state" label="State" required={!editing} rules={[zodRule(shape.state, { optional: editing })]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="country"
          label="Country"
          required={!editing}
          rules={[zodRule(shape.country, { optional: editing })]}
        >
          <Select showSearch options={countryOptions} placeholder="Choose a country" />
        </Form.Item>
        <Form.Item name="zip" label="Zip" rules={[zodRule(shape.zip, { optional: true })]}>
          <Input inputMode="numeric" maxLength={12} placeholder="Digits only (optional)" />
        </Form.Item>
        <Form.Item
          name="timeZone"
          label="Time zone"
          required={editing}
          rules={[zodRule(shape.timeZone, { optional: !editing })]}
        >
          <Select showSearch options={zoneOptions} placeholder="Choose a time zone" />
        </Form.Item>
        {role === 'owner' && (
          <Form.Item name="partner_id" label="Partner" extra="The agency that runs this company, if any.">
            <Select
              allowClear
              placeholder="No partner (run by the Owner)"
              loading={partners.isLoading}
              options={(partners.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
        )}
      </div>
    </Form>
  );
}
