import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Result, Select, Skeleton, Space, Steps } from 'antd';
import { CloseOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import {
  ADMIN_DATE_DISPLAY_FORMAT,
  changedFields,
  DATE_FORMAT,
  isPartnerStep,
  lastDays,
  MSG,
  nextPartnerStep,
  PACKAGE_CREDITS,
  PARTNER_STEP_LABELS,
  PARTNER_STEPS,
  PARTNER_TYPES,
  partnerCreateSchema,
  partnerUpdateSchema,
  partnerWizardTitle,
  previousPartnerStep,
  type DateRange,
  type PackageName,
  type PartnerStep,
} from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMediaQuery } from '../../app/shell/useMediaQuery';
import { downloadFile, partnersApi, type Partner } from './api';
import { ApiKeyField, useLeaveGuard, WizardProgress, Kpi, StepHead, WizardFoot } from './ui';
import { errorText, fieldErrors, formatNumber, zodRule } from './format';
import { AdminDateRange } from './AdminDateRange';
import './admin.css';
import { adminKeys } from './queryKeys';

const UsageChart = lazy(() => import('./UsageChart'));
const LIST = '/admin_panel/partners';
const PARTNER_PACKAGES: PackageName[] = ['Starter', 'Business', 'Enterprise', 'Custom'];

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

interface StepArgs {
  partner: Partner;
  onSaved: (p: Partner) => void;
  goNext: () => void;
  goBack: (() => void) | null;
  setDirty: (d: boolean) => void;
}

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
        void message.success('Partner successfully created');
        onCreated(r.created);
        return;
      }
      if ('updated' in r && r.updated) {
        void message.success('Partner successfully updated');
        onSaved(r.updated);
      }
      goNext();
    },
    onError: (e) => {
      form.setFields(fieldErrors(e) as Parameters<typeof form.setFields>[0]);
      notification.error({ title: MSG.error, description: errorText(e) });
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
      if (!r.success) throw new Error(r.error.issues[0]?.message);
    },
  };
  return (
    <>
      <StepHead
        title="Partner information"
        description={
          partner
            ? 'Who the partner is and how to reach it.'
            : 'Start with the basics; the package, API key and billing come next.'
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
          <Form.Item name="name" label="Partner name" required rules={[zodRule(shape.name)]} className="span-2">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="startDate" label="Start date" required rules={[asDate]}>
            <DatePicker format={ADMIN_DATE_DISPLAY_FORMAT} style={{ width: '100%' }} data-testid="partner-start-date" />
          </Form.Item>
          <Form.Item name="email" label="Email" required rules={[zodRule(shape.email)]}>
            <Input maxLength={254} />
          </Form.Item>
          <Form.Item
            name="status"
            label="Status"
            required={!editing}
            rules={[zodRule(shape.status, { optional: editing })]}
          >
            <Select
              options={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="type"
            label="Partner type"
            required={!editing}
            rules={[zodRule(shape.type, { optional: editing })]}
          >
            <Select options={PARTNER_TYPES.map((t) => ({ value: t, label: t }))} placeholder="Choose a type" />
          </Form.Item>
          <Form.Item
            name="address"
            label="Address"
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
        nextLabel={partner ? 'Save and continue' : 'Create partner'}
      />
    </>
  );
}

/** Package step: credits follow the package; only Custom takes (and requires) credits of its own. */
function PackageStep({ partner, onSaved, goNext, goBack, setDirty }: StepArgs) {
  const { message, notification } = App.useApp();
  const [pkg, setPkg] = useState(partner.package);
  const [credits, setCredits] = useState<number | null>(
    partner.package === 'Custom' ? partner.settings.packageCredits : null,
  );
  const [creditsError, setCreditsError] = useState<string | null>(null);
  const changed = pkg !== partner.package || (pkg === 'Custom' && credits !== partner.settings.packageCredits);
  useEffect(() => setDirty(changed), [changed, setDirty]);
  const save = useMutation({
    mutationFn: async () =>
      changed
        ? partnersApi.update(partner.id, {
            package: pkg,
            ...(pkg === 'Custom' ? { settings: { packageCredits: credits } } : {}),
          })
        : null,
    onSuccess: (fresh) => {
      setDirty(false);
      if (fresh) {
        void message.success('Partner successfully updated');
        onSaved(fresh);
      }
      goNext();
    },
    onError: (e) => notification.error({ title: MSG.error, description: errorText(e) }),
  });
  const submit = () => {
    if (pkg === 'Custom' && (credits === null || credits < 1)) {
      setCreditsError(MSG.packageCreditsRequired);
      return;
    }
    save.mutate();
  };
  return (
    <>
      <StepHead
        title="Package"
        description="The partner's package sets its monthly API credits; calls beyond them are paid usage."
      />
      <div className="package-grid" data-testid="partner-packages">
        {PARTNER_PACKAGES.map((name) => (
          <button
            type="button"
            key={name}
            className={`package-card${pkg === name ? ' on' : ''}`}
            aria-pressed={pkg === name}
            onClick={() => {
              setPkg(name);
              setCreditsError(null);
            }}
            data-testid={`partner-package-${name.toLowerCase()}`}
          >
            <div className="pname">{name}</div>
            <div className="pcredits">
              {PACKAGE_CREDITS[name] ? `${formatNumber(PACKAGE_CREDITS[name])} credits` : 'Credits of your choice'}
            </div>
          </button>
        ))}
      </div>
      <Form layout="vertical" style={{ maxWidth: 320, marginTop: 20 }}>
        <Form.Item
          label="Package credits"
          required={pkg === 'Custom'}
          validateStatus={creditsError ? 'error' : undefined}
          help={creditsError ?? (pkg === 'Custom' ? undefined : 'Set by the package; editable for Custom only.')}
        >
          <InputNumber
            min={1}
            max={100_000_000}
            style={{ width: '100%' }}
            disabled={pkg !== 'Custom'}
            value={pkg === 'Custom' ? credits : PACKAGE_CREDITS[pkg as PackageName]}
            onChange={(v) => {
              setCredits(v);
              setCreditsError(null);
            }}
            formatter={(v) =>
              v === undefined || v === null || String(v) === '' ? '' : Number(v).toLocaleString('en-US')
            }
            parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
            data-testid="partner-credits"
          />
        </Form.Item>
      </Form>
      <WizardFoot onBack={goBack} onNext={submit} loading={save.isPending} />
    </>
  );
}

function ApiKeyStep({ partner, onSaved, goNext, goBack }: StepArgs) {
  const { message } = App.useApp();
  const rotate = useMutation({
    mutationFn: () => partnersApi.rotateKey(partner.id),
    onSuccess: (r) => {
      onSaved({ ...partner, apiKey: r.apiKey });
      void message.success('A new API key was issued.');
    },
    onError: (e) => void message.error(errorText(e)),
  });
  return (
    <>
      <StepHead
        title="API key"
        description="The partner's key reads every one of its companies through the public API."
      />
      <ApiKeyField value={partner.apiKey} onRotate={() => rotate.mutate()} rotating={rotate.isPending} />
      <p className="muted small" style={{ marginTop: 12 }}>
        Partner address:{' '}
        <a href={partner.url ?? '#'} target="_blank" rel="noreferrer">
          {partner.url}
        </a>
        . API documentation:{' '}
        <a href="/docs" target="_blank" rel="noreferrer">
          /docs
        </a>
        .
      </p>
      <WizardFoot onBack={goBack} onNext={goNext} nextLabel="Next" />
    </>
  );
}

/** Billing step: metered usage over a range (default the last 7 days) and the Free API / Paid API Excel exports. */
function BillingStep({ partner, goNext, goBack }: StepArgs) {
  const { message } = App.useApp();
  const [range, setRange] = useState<DateRange>(() => lastDays(7, new Date()));
  const usage = useQuery({
    queryKey: adminKeys.partners.usage(partner.id, range),
    queryFn: ({ signal }) => partnersApi.usage(partner.id, range, signal),
  });
  const exportUsage = useMutation({
    mutationFn: (freeApi: boolean) =>
      downloadFile('/v2/api/partner/billing/export', {
        freeApi,
        id: partner.id,
        dateFrom: range.from,
        dateTo: range.to,
      }),
    onError: (e) => void message.error(errorText(e)),
  });
  return (
    <>
      <StepHead
        title="Billing"
        description={`Metered API calls of ${partner.name} and its companies. ${formatNumber(partner.apiCredits)} calls a month are included; the rest is paid usage.`}
      />
      <div className="list-toolbar">
        <AdminDateRange value={range} onChange={setRange} testId="billing-range" />
        <span className="grow" />
        <Space wrap>
          <Button icon={<FileExcelOutlined />} onClick={() => exportUsage.mutate(true)} data-testid="export-free-api">
            Free API export
          </Button>
          <Button icon={<FileExcelOutlined />} onClick={() => exportUsage.mutate(false)} data-testid="export-paid-api">
            Paid API export
          </Button>
        </Space>
      </div>
      <div className="kpis">
        <Kpi label="Free API calls" value={formatNumber(usage.data?.totals.free)} testId="kpi-free" />
        <Kpi
          label="Paid API calls"
          value={formatNumber(usage.data?.totals.paid)}
          tone={usage.data?.totals.paid ? 'warn' : undefined}
          testId="kpi-paid"
        />
        <Kpi label="Monthly credits" value={formatNumber(partner.apiCredits)} hint={partner.package} />
      </div>
      <Suspense fallback={<Skeleton active />}>
        <UsageChart days={usage.data?.days ?? []} loading={usage.isLoading} />
      </Suspense>
      <WizardFoot onBack={goBack} onNext={goNext} nextLabel="Finish" />
    </>
  );
}

/**
 * The partner wizard (spec 001 sections 2 and 4): information, package, apiKey, billing under
 * /admin_panel/partners/{id}/{step}. A new partner has only the information step until created.
 */
export default function PartnerWizardPage() {
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
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
  const exit = () =>
    modal.confirm({
      title: MSG.confirmExitWizard,
      okText: 'Yes',
      cancelText: 'No',
      onOk: () => {
        dirty.current = false;
        navigate(LIST);
      },
    });
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
      <Result
        status="404"
        title="Partner not found"
        subTitle={errorText(partner.error)}
        extra={<Button onClick={() => navigate(LIST)}>Back to partners</Button>}
      />
    );
  }
  const loaded = partnerId === null ? null : (partner.data ?? undefined);
  const args = loaded ? { partner: loaded, onSaved, goNext, goBack: back ? () => go(back) : null, setDirty } : null;
  return (
    <>
      <PageHeader
        title={partnerWizardTitle(loaded?.name)}
        description="Information, package, API key and billing."
        extra={
          <Button icon={<CloseOutlined />} onClick={exit} data-testid="wizard-exit">
            Exit
          </Button>
        }
      />
      <div className="wizard">
        {narrow ? (
          <WizardProgress
            index={PARTNER_STEPS.indexOf(step)}
            count={PARTNER_STEPS.length}
            label={PARTNER_STEP_LABELS[step]}
          />
        ) : (
          <Card className="wizard-steps" size="small">
            <Steps
              orientation="vertical"
              size="small"
              current={PARTNER_STEPS.indexOf(step)}
              onChange={loaded ? (i) => go(PARTNER_STEPS[i]!) : undefined}
              items={PARTNER_STEPS.map((s) => ({
                title: PARTNER_STEP_LABELS[s],
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
                  queryClient.setQueryData(['admin', 'partner', p.id], p);
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
