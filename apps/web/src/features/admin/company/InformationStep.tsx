import { App, Form } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changedFields, MSG, type Role } from '@reputo/core';
import { companiesApi, type Company } from '../api';
import { StepHead, WizardFoot } from '../ui';
import { errorText, fieldErrors } from '../format';
import { translateMessage } from '../../../i18n/messages';
import { InformationForm, informationValues, type InformationValues } from './InformationForm';

/** Only the keys the API knows, with blanks as the API expects them. */
function payload(v: InformationValues, role: Role): Record<string, unknown> {
  const out: Record<string, unknown> = {
    company_name: v.company_name ?? '',
    status: v.status,
    type: v.type,
    address1: v.address1 ?? '',
    address2: v.address2 ?? '',
    city: v.city ?? '',
    state: v.state ?? '',
    country: v.country,
    zip: v.zip ?? '',
    timeZone: v.timeZone,
  };
  if (role === 'owner') out.partner_id = v.partner_id ?? null;
  return out;
}

/**
 * The first step: creating goes on to sources; editing sends only the changed fields and goes on to
 * sources, or just goes on when nothing changed (spec 001 section 4).
 */
export function InformationStep({
  company,
  role,
  onCreated,
  onSaved,
  goNext,
  setDirty,
}: {
  company: Company | null;
  role: Role;
  onCreated: (company: Company) => void;
  onSaved: (company: Company) => void;
  goNext: () => void;
  setDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<InformationValues>();
  const { message, notification } = App.useApp();
  const save = useMutation({
    mutationFn: async (values: InformationValues) => {
      if (!company) return { created: true, company: await companiesApi.create(payload(values, role)) };
      const changed = changedFields(payload(informationValues(company), role), payload(values, role));
      if (Object.keys(changed).length === 0) return { created: false, company: null };
      return { created: false, company: await companiesApi.update(company.id, changed) };
    },
    onSuccess: (r) => {
      setDirty(false);
      if (r.created && r.company) {
        void message.success(translateMessage(MSG.companyCreated));
        onCreated(r.company);
        return;
      }
      if (r.company) {
        void message.success(translateMessage(MSG.companyUpdated));
        onSaved(r.company);
      }
      goNext();
    },
    onError: (e) => {
      form.setFields(fieldErrors(e) as Parameters<typeof form.setFields>[0]);
      notification.error({ title: translateMessage(MSG.error), description: errorText(e) });
    },
  });
  const submit = async () => {
    try {
      save.mutate(await form.validateFields());
    } catch {
      // The form shows each field's message.
    }
  };
  return (
    <>
      <StepHead
        title={t('companyWizard.information.title')}
        description={
          company ? t('companyWizard.information.descriptionEdit') : t('companyWizard.information.descriptionNew')
        }
      />
      <InformationForm form={form} company={company} role={role} onDirty={setDirty} />
      <WizardFoot
        onBack={null}
        onNext={() => void submit()}
        loading={save.isPending}
        nextLabel={company ? t('wizard.saveAndContinue') : t('companyWizard.information.create')}
      />
    </>
  );
}
