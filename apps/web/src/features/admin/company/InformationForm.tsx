import { useEffect, useMemo } from 'react';
import { Form, Input, Select, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMPANY_TYPES, companyCreateSchema, companyUpdateSchema, type Role } from '@reputo/core';
import { fetchPartners, type Company } from '../api';
import { zodRule } from '../format';
import { companyTypeLabel, countryOptions, searchBoth, timeZoneOptions } from '../labels';
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
  const { t, i18n } = useTranslation('admin');
  const editing = company !== null;
  const shape = editing ? companyUpdateSchema.shape : companyCreateSchema.shape;
  const partners = useQuery({
    queryKey: adminKeys.partners.choices,
    queryFn: ({ signal }) => fetchPartners({ page: 1, per_page: 100 }, signal),
    enabled: role === 'owner',
  });
  // The names follow the interface language.
  const countries = useMemo(() => (i18n.language ? countryOptions() : []), [i18n.language]);
  const zoneOptions = useMemo(() => (i18n.language ? timeZoneOptions() : []), [i18n.language]);
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
          label={t('companyWizard.information.name')}
          required
          rules={[zodRule(shape.company_name)]}
          className="span-2"
        >
          <Input placeholder={t('companyWizard.information.namePlaceholder')} maxLength={200} />
        </Form.Item>
        <Form.Item
          name="status"
          label={t('companyWizard.information.status')}
          required={!editing}
          rules={[
            zodRule(editing ? companyUpdateSchema.shape.status : companyCreateSchema.shape.status, {
              optional: editing,
            }),
          ]}
        >
          <Select
            options={[
              { value: 'active', label: t('status.active') },
              { value: 'inactive', label: t('status.inactive') },
            ]}
            placeholder={t('companyWizard.information.chooseStatus')}
          />
        </Form.Item>
        <Form.Item
          name="type"
          label={t('companyWizard.information.type')}
          required={!editing}
          rules={[
            zodRule(editing ? companyUpdateSchema.shape.type : companyCreateSchema.shape.type, { optional: editing }),
          ]}
        >
          <Select
            showSearch={{ filterOption: searchBoth }}
            options={COMPANY_TYPES.map((type) => ({ value: type, label: companyTypeLabel(t, type) }))}
            placeholder={t('companyWizard.information.chooseType')}
          />
        </Form.Item>
        <Form.Item
          name="address1"
          label={t('companyWizard.information.address')}
          required={!editing}
          rules={[zodRule(shape.address1, { optional: editing })]}
          className="span-2"
        >
          <Input placeholder={t('companyWizard.information.addressPlaceholder')} maxLength={300} />
        </Form.Item>
        <Form.Item
          name="address2"
          label={t('companyWizard.information.address2')}
          rules={optionalText('address2')}
          className="span-2"
        >
          <Input placeholder={t('companyWizard.information.address2Placeholder')} maxLength={300} />
        </Form.Item>
        <Form.Item
          name="city"
          label={t('companyWizard.information.city')}
          required={!editing}
          rules={[zodRule(shape.city, { optional: editing })]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="state"
          label={t('companyWizard.information.state')}
          required={!editing}
          rules={[zodRule(shape.state, { optional: editing })]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="country"
          label={t('companyWizard.information.country')}
          required={!editing}
          rules={[zodRule(shape.country, { optional: editing })]}
        >
          <Select
            showSearch={{ filterOption: searchBoth }}
            options={countries}
            placeholder={t('companyWizard.information.chooseCountry')}
          />
        </Form.Item>
        <Form.Item
          name="zip"
          label={t('companyWizard.information.zip')}
          rules={[zodRule(shape.zip, { optional: true })]}
        >
          <Input inputMode="numeric" maxLength={12} placeholder={t('companyWizard.information.zipPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="timeZone"
          label={t('companyWizard.information.timeZone')}
          required={editing}
          rules={[zodRule(shape.timeZone, { optional: !editing })]}
        >
          <Select
            showSearch={{ filterOption: searchBoth }}
            options={zoneOptions}
            placeholder={t('companyWizard.information.chooseTimeZone')}
          />
        </Form.Item>
        {role === 'owner' && (
          <Form.Item
            name="partner_id"
            label={t('companyWizard.information.partner')}
            extra={t('companyWizard.information.partnerHelp')}
          >
            <Select
              allowClear
              placeholder={t('companyWizard.information.noPartner')}
              loading={partners.isLoading}
              options={(partners.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
        )}
      </div>
    </Form>
  );
}
