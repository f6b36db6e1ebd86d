import { useCallback, useRef } from 'react';
import { Button, Card, Skeleton, Steps } from 'antd';
import { LazyResult } from '../../lib/antd/LazyResult';
import { CloseOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  companySteps,
  isCompanyStep,
  nextCompanyStep,
  previousCompanyStep,
  type CompanyStep,
  type Role,
} from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMediaQuery } from '../../app/shell/useMediaQuery';
import { useMe } from '../auth/queries';
import { companiesApi, type Company } from './api';
import { InformationStep } from './company/InformationStep';
import type { StepProps } from './company/types';
import { useLeaveGuard, useWizardExit, WizardProgress } from './ui';
import { errorText } from './format';
import './admin.css';
import { adminKeys } from './queryKeys';
import { lazyPart } from '../../lib/lazyPart';

// The steps after the first are fetched when reached: a new company opens on its information.
const LOADING = <Skeleton active />;
const SourcesStep = lazyPart(() => import('./company/SourcesStep').then((m) => m.SourcesStep), LOADING);
const BrandsStep = lazyPart(() => import('./company/BrandsStep').then((m) => m.BrandsStep), LOADING);
const PackagesStep = lazyPart(() => import('./company/PackagesStep').then((m) => m.PackagesStep), LOADING);
const LocationsStep = lazyPart(() => import('./company/LocationsAndKeySteps').then((m) => m.LocationsStep), LOADING);
const ApiKeyStep = lazyPart(() => import('./company/LocationsAndKeySteps').then((m) => m.ApiKeyStep), LOADING);

const LIST = '/admin_panel/companies';

function StepBody({ step, props }: { step: CompanyStep; props: StepProps }) {
  switch (step) {
    case 'sources':
      return <SourcesStep {...props} />;
    case 'brands':
      return <BrandsStep {...props} />;
    case 'packages':
      return <PackagesStep {...props} />;
    case 'locations':
      return <LocationsStep {...props} />;
    case 'apikey':
      return <ApiKeyStep {...props} />;
    default:
      return null;
  }
}

/**
 * The company wizard (spec 001 sections 2 and 4): information, sources, brands, packages, locations
 * (Partner only), apikey. A new company has only the information step until it is created; then the
 * wizard continues at sources. Leaving asks first.
 */
export default function CompanyWizardPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const companyId = id ? Number(id) : null;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe().data;
  const role: Role = me?.role ?? 'owner';
  const narrow = useMediaQuery('(max-width: 991px)');
  const dirty = useRef(false);
  const setDirty = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);

  const key = adminKeys.companies.one(companyId);
  const company = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => companiesApi.get(companyId!, signal),
    enabled: companyId !== null && Number.isInteger(companyId),
  });
  const steps = companySteps(role);
  const wanted = params.get('step');
  const step: CompanyStep =
    companyId === null ? 'information' : isCompanyStep(wanted) && steps.includes(wanted) ? wanted : 'information';

  // Leaving the wizard with unsaved changes (sidebar, back button) asks first.
  useLeaveGuard(dirty);

  const go = (to: CompanyStep) => setParams({ step: to });
  const exit = useWizardExit(dirty, () => navigate(LIST));
  const onSaved = (fresh: Company) => queryClient.setQueryData(key, fresh);
  const onCreated = (created: Company) => {
    dirty.current = false;
    queryClient.setQueryData(adminKeys.companies.one(created.id), created);
    void queryClient.invalidateQueries({ queryKey: adminKeys.companies.all });
    navigate(`/admin_panel/companies/${created.id}/edit?step=sources`, { replace: true });
  };
  const goNext = () => {
    const next = nextCompanyStep(role, step);
    if (next) go(next);
    else {
      void queryClient.invalidateQueries({ queryKey: adminKeys.companies.all });
      navigate(LIST);
    }
  };
  const back = previousCompanyStep(role, step);

  if (companyId !== null && company.isError) {
    return (
      <LazyResult
        status="404"
        title={t('companyWizard.notFound')}
        subTitle={errorText(company.error)}
        extra={<Button onClick={() => navigate(LIST)}>{t('companyWizard.backToList')}</Button>}
      />
    );
  }
  const loaded = companyId === null ? null : (company.data ?? undefined);
  const name = loaded?.company_name?.trim();
  const title = name ? t('companyWizard.titleNamed', { name }) : t('companyWizard.title');
  const stepLabel = (s: CompanyStep) => t(`steps.company.${s}`);
  return (
    <>
      <PageHeader
        title={title}
        description={t('companyWizard.description')}
        extra={
          <Button icon={<CloseOutlined />} onClick={exit} data-testid="wizard-exit">
            {t('wizard.exit')}
          </Button>
        }
      />
      <div className="wizard">
        {narrow ? (
          <WizardProgress index={steps.indexOf(step)} count={steps.length} label={stepLabel(step)} />
        ) : (
          <Card className="wizard-steps" size="small">
            <Steps
              orientation="vertical"
              size="small"
              current={steps.indexOf(step)}
              onChange={loaded ? (i) => go(steps[i]!) : undefined}
              items={steps.map((s) => ({ title: stepLabel(s), disabled: !loaded && s !== 'information' }))}
              data-testid="wizard-steps"
            />
          </Card>
        )}
        <div className="wizard-body">
          <Card>
            {companyId !== null && !loaded ? (
              <Skeleton active />
            ) : step === 'information' ? (
              <InformationStep
                company={loaded ?? null}
                role={role}
                onCreated={onCreated}
                onSaved={onSaved}
                goNext={goNext}
                setDirty={setDirty}
              />
            ) : (
              <StepBody
                key={step}
                step={step}
                props={{ company: loaded!, role, onSaved, goNext, goBack: back ? () => go(back) : null, setDirty }}
              />
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
