import { useCallback, useMemo, useRef } from 'react';
import { App, Button, Card, DatePicker, Form, Input, Select, Skeleton, Steps } from 'antd';
import { LazyResult } from '../../lib/antd/LazyResult';
import { CloseOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_DATE_DISPLAY_FORMAT,
  changedFields,
  DATE_FORMAT,
  isPartnerStep,
  MSG,
  nextPartnerStep,
  PARTNER_STEPS,
  PARTNER_TYPES,
  partnerCreateSchema,
  partnerUpdateSchema,
  previousPartnerStep,
  type PartnerStep,
} from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMediaQuery } from '../../app/shell/useMediaQuery';
import { partnersApi, type Partner } from './api';
import { useLeaveGuard, useWizardExit, WizardProgress, StepHead, WizardFoot } from './ui';
import { errorText, fieldErrors, zodRule } from './format';
import { partnerTypeLabel } from './labels';
import { translateMessage } from '../../i18n/messages';
import { adminKeys } from './queryKeys';
import { lazyPart } from '../../lib/lazyPart';
import './admin.css';

// The steps after the first are fetched when reached: a new partner opens on its information.
const LOADING = <Skeleton active />;
const PackageStep = lazyPart(() => import('./partner/PackageStep').then((m) => m.PackageStep), LOADING);
const ApiKeyStep = lazyPart(() => import('./partner/ApiKeyStep').then((m) => m.ApiKeyStep), LOADING);
const BillingStep = lazyPart(() => import('./partner/BillingStep').then((m) => m.BillingStep), LOADING);

const LIST = '/admin_panel/partners';

interface InfoValues {
  name: string;
  startDate: Dayjs | null;
  email: string;
  status?: string;
  type?: string;
  address: string;
}

const infoValues = (p: Partner | null): InfoValues => ({
  name: p?.name ?? '',
  startDate: p ? dayjs(p.startDate, DATE_FORMAT) : dayjs(),
  email: p?.email ?? '',
  status: p?.status ?? 'active',
  type: p?.type,
  address: p?.address ?? '',
});
const infoPayload = (v: InfoValues) => ({
  name: v.name ?? '',
  startDate: v.startDate ? v.startDate.format(DATE_FORMAT) : '',
  email: v.email ?? '',
  status: v.status,
  type: v.type,
  address: v.address ?? '',
});

/** Information step: create goes on to the package; edit sends only changed fields (or just goes on). */
function InformationStep({
  partner,
  onCreated,
  onSaved,
  goNext,
  setDirty,
}: {
  partner: Partner | null;
  onCreated: (p: Partner) => void;
  onSaved: (p: Partner) => void;
  goNext: () => void;
  setDirty: (d: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<InfoValues>();
  const { message, notification } = App.useApp();
  const shape = partner ? partnerUpdateSchema.shape : partnerCreateSchema.shape;
  const editing = partner !== null;
  const save = useMutation({
    mutationFn: async (v: InfoValues) => {
      if (!partner) return { created: await partnersApi.create(infoPayload(v)) };
      const changed = changedFields(infoPayload(infoValues(partner)), infoPayload(v));
      return { updated: Object.keys(changed).length ? await partnersApi.update(partner.id, changed) : null };
    },
    onSuccess: (r) => {
      setDirty(false);
      if ('created' in r && r.created) {
        void message.success(t('partnerWizard.created'));
        onCreated(r.created);
        return;
      }
      if ('updated' in r && r.updated) {
        void message.success(t('partnerWizard.updated'));
        onSaved(r.updated);
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
      // Each field shows its message.
    }
  };
  const asDate = {
    validator: async (_: unknown, v: Dayjs | null) => {
      const r = shape.startDate.safeParse(v ? v.format(DATE_FORMAT) : '');
      if (!r.success) throw new Error(translateMessage(r.error.issues[0]?.message ?? MSG.error));
    },
  };
  return (
    <>
      <StepHead
        title={t('partnerWizard.information.title')}
        description={
          partner ? t('partnerWizard.information.descriptionEdit') : t('partnerWizard.information.descriptionNew')
        }
      />
      <Form
        form={form}
        layout="vertical"
        initialValues={infoValues(partner)}
        onValuesChange={() => setDirty(form.isFieldsTouched())}
        data-testid="partner-information-form"
      >
        <div className="form-grid">
          <Form.Item
            name="name"
            label={t('partnerWizard.information.name')}
            required
            rules={[zodRule(shape.name)]}
            className="span-2"
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="startDate" label={t('partnerWizard.information.startDate')} required rules={[asDate]}>
            <DatePicker
              format={ADMIN_DATE_DISPLAY_FORMAT}
              style={{ inlineSize: '100%' }}
              data-testid="partner-start-date"
            />
          </Form.Item>
          <Form.Item name="email" label={t('partnerWizard.information.email')} required rules={[zodRule(shape.email)]}>
            <Input maxLength={254} />
          </Form.Item>
          <Form.Item
            name="status"
            label={t('partnerWizard.information.status')}
            required={!editing}
            rules={[zodRule(shape.status, { optional: editing })]}
          >
            <Select
              options={[
                { value: 'active', label: t('status.active') },
                { value: 'inactive', label: t('status.inactive') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="type"
            label={t('partnerWizard.information.type')}
            required={!editing}
            rules={[zodRule(shape.type, { optional: editing })]}
          >
            <Select
              options={PARTNER_TYPES.map((type) => ({ value: type, label: partnerTypeLabel(t, type) }))}
              placeholder={t('partnerWizard.information.chooseType')}
            />
          </Form.Item>
          <Form.Item
            name="address"
            label={t('partnerWizard.information.address')}
            required={!editing}
            rules={[zodRule(shape.address, { optional: editing })]}
            className="span-2"
          >
            <Input maxLength={300} />
          </Form.Item>
        </div>
      </Form>
      <WizardFoot
        onBack={null}
        onNext={() => void submit()}
        loading={save.isPending}
        nextLabel={partner ? t('wizard.saveAndContinue') : t('partnerWizard.information.create')}
      />
    </>
  );
}

/** Package step: credits follow the package; only Custom takes (and requires) credits of its own. */
export default function PartnerWizardPage() {
  const { t } = useTranslation('admin');
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery('(max-width: 991px)');
  const partnerId = params.id && params.id !== 'new' ? Number(params.id) : null;
  const step: PartnerStep = partnerId !== null && isPartnerStep(params.step) ? params.step : 'information';
  const dirty = useRef(false);
  const setDirty = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const key = useMemo(() => adminKeys.partners.one(partnerId), [partnerId]);
  const partner = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => partnersApi.get(partnerId!, signal),
    enabled: partnerId !== null && Number.isInteger(partnerId),
  });

  useLeaveGuard(dirty);

  const go = (s: PartnerStep) => navigate(`/admin_panel/partners/${partnerId}/${s}`);
  const exit = useWizardExit(dirty, () => navigate(LIST));
  const onSaved = (fresh: Partner) => queryClient.setQueryData(key, fresh);
  const goNext = () => {
    const next = nextPartnerStep(step);
    if (next) go(next);
    else {
      void queryClient.invalidateQueries({ queryKey: adminKeys.partners.all });
      navigate(LIST);
    }
  };
  const back = previousPartnerStep(step);

  if (partnerId !== null && partner.isError) {
    return (
      <LazyResult
        status="404"
        title={t('partnerWizard.notFound')}
        subTitle={errorText(partner.error)}
        extra={<Button onClick={() => navigate(LIST)}>{t('partnerWizard.backToList')}</Button>}
      />
    );
  }
  const loaded = partnerId === null ? null : (partner.data ?? undefined);
  const args = loaded ? { partner: loaded, onSaved, goNext, goBack: back ? () => go(back) : null, setDirty } : null;
  return (
    <>
      <PageHeader
        title={
          loaded?.name?.trim() ? t('partnerWizard.titleNamed', { name: loaded.name.trim() }) : t('partnerWizard.title')
        }
        description={t('partnerWizard.description')}
        extra={
          <Button icon={<CloseOutlined />} onClick={exit} data-testid="wizard-exit">
            {t('wizard.exit')}
          </Button>
        }
      />
      <div className="wizard">
        {narrow ? (
          <WizardProgress
            index={PARTNER_STEPS.indexOf(step)}
            count={PARTNER_STEPS.length}
            label={t(`steps.partner.${step}`)}
          />
        ) : (
          <Card className="wizard-steps" size="small">
            <Steps
              orientation="vertical"
              size="small"
              current={PARTNER_STEPS.indexOf(step)}
              onChange={loaded ? (i) => go(PARTNER_STEPS[i]!) : undefined}
              items={PARTNER_STEPS.map((s) => ({
                title: t(`steps.partner.${s}`),
                disabled: !loaded && s !== 'information',
              }))}
              data-testid="wizard-steps"
            />
          </Card>
        )}
        <div className="wizard-body">
          <Card>
            {partnerId !== null && !loaded ? (
              <Skeleton active />
            ) : step === 'information' || !args ? (
              <InformationStep
                partner={loaded ?? null}
                onCreated={(p) => {
                  dirty.current = false;
                  queryClient.setQueryData(adminKeys.partners.one(p.id), p);
                  void queryClient.invalidateQueries({ queryKey: adminKeys.partners.all });
                  navigate(`/admin_panel/partners/${p.id}/package`, { replace: true });
                }}
                onSaved={onSaved}
                goNext={goNext}
                setDirty={setDirty}
              />
            ) : step === 'package' ? (
              <PackageStep key={step} {...args} />
            ) : step === 'apiKey' ? (
              <ApiKeyStep key={step} {...args} />
            ) : (
              <BillingStep key={step} {...args} />
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
