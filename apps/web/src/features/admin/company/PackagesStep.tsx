import { useEffect, useMemo, useState } from 'react';
import { App, Select, Skeleton, Switch, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ALWAYS_ON_FEATURES,
  FREE_TRIAL_DAYS,
  MSG,
  normalizeFeatures,
  packageChangeDateFor,
  packageFeatures,
  type PackageName,
} from '@reputo/core';
import { companiesApi } from '../api';
import { StepHead, WizardFoot } from '../ui';
import { errorText, formatDate, formatNumber } from '../format';
import { featureLabel, packageLabel, responseLanguageOptions } from '../labels';
import { translateMessage } from '../../../i18n/messages';
import type { StepProps } from './types';
import { adminKeys } from '../queryKeys';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The package hand-picked features lead to: a fixed package when they are exactly its features, else Custom. */
function packageFor(features: string[], chosen: string): string {
  if (chosen !== 'Custom' && sameSet(features, packageFeatures(chosen as Exclude<PackageName, 'Custom'>)))
    return chosen;
  return 'Custom';
}

/**
 * Packages step: choose a package (Free trial expires 30 days from today, any other starts today),
 * or pick features by hand, which makes it Custom (Custom itself is not selectable). Review Filter &
 * Search is always on. The switch panel is hidden for the Partner role. Also the reply languages.
 */
export function PackagesStep({ company, role, onSaved, goNext, goBack, setDirty }: StepProps) {
  const { t, i18n } = useTranslation('admin');
  const { message, notification } = App.useApp();
  const catalogue = useQuery({
    queryKey: adminKeys.packages,
    queryFn: ({ signal }) => companiesApi.packages(signal),
    staleTime: Infinity,
  });
  const [pkg, setPkg] = useState(company.package);
  const [features, setFeatures] = useState<string[]>(normalizeFeatures(company.features));
  const [languages, setLanguages] = useState<string[]>(company.languages);
  useEffect(() => {
    setPkg(company.package);
    setFeatures(normalizeFeatures(company.features));
    setLanguages(company.languages);
  }, [company]);
  const packageChanged = pkg !== company.package || !sameSet(features, normalizeFeatures(company.features));
  const languagesChanged = !sameSet(languages, company.languages);
  useEffect(() => setDirty(packageChanged || languagesChanged), [packageChanged, languagesChanged, setDirty]);
  const changeDate = packageChanged ? packageChangeDateFor(pkg as PackageName, new Date()) : company.packageChangeDate;

  const choose = (name: string) => {
    setPkg(name);
    setFeatures(packageFeatures(name as Exclude<PackageName, 'Custom'>));
  };
  const flip = (feature: string, on: boolean) => {
    const next = normalizeFeatures(on ? [...features, feature] : features.filter((f) => f !== feature));
    setFeatures(next);
    setPkg((current) => packageFor(next, current));
  };

  const save = useMutation({
    mutationFn: async () => {
      let fresh = null;
      if (packageChanged) {
        const body: Record<string, unknown> = { client: company.id, package: pkg, packageChangeDate: changeDate };
        if (pkg === 'Custom') body.features = features.join(',');
        fresh = await companiesApi.updatePackage(body);
      }
      if (languagesChanged) await companiesApi.languages(company.id, languages);
      return languagesChanged ? await companiesApi.get(company.id) : fresh;
    },
    onSuccess: (fresh) => {
      setDirty(false);
      if (fresh) {
        void message.success(translateMessage(MSG.companyUpdated));
        onSaved(fresh);
      }
      goNext();
    },
    onError: (e) => notification.error({ title: translateMessage(MSG.error), description: errorText(e) }),
  });
  const labels = useMemo(
    () => new Map((catalogue.data?.features ?? []).map((f) => [f.value, featureLabel(t, f.value, f.label)])),
    [catalogue.data, t],
  );
  const languageOptions = useMemo(() => (i18n.language ? responseLanguageOptions() : []), [i18n.language]);

  if (catalogue.isLoading || !catalogue.data) return <Skeleton active />;
  return (
    <>
      <StepHead
        title={t('companyWizard.packages.title')}
        description={t('companyWizard.packages.description', {
          count: FREE_TRIAL_DAYS,
          days: formatNumber(FREE_TRIAL_DAYS),
        })}
      />
      <div className="package-grid" data-testid="packages">
        {catalogue.data.packages.map((p) => {
          const card = (
            <button
              type="button"
              key={p.name}
              className={`package-card${pkg === p.name ? ' on' : ''}`}
              disabled={!p.selectable}
              onClick={() => choose(p.name)}
              data-testid={`package-${p.name.replace(/\s+/g, '-').toLowerCase()}`}
              aria-pressed={pkg === p.name}
            >
              <div className="pname">{packageLabel(t, p.name)}</div>
              <div className="pcredits">
                {p.credits
                  ? t('companyWizard.packages.credits', { count: p.credits, credits: formatNumber(p.credits) })
                  : p.name === 'Custom'
                    ? t('companyWizard.packages.custom')
                    : t('companyWizard.packages.trial', {
                        count: FREE_TRIAL_DAYS,
                        days: formatNumber(FREE_TRIAL_DAYS),
                      })}
              </div>
              {p.features.length > 0 && (
                <div className="pfeat">
                  {t('companyWizard.packages.features', {
                    count: p.features.length,
                    features: formatNumber(p.features.length),
                  })}
                </div>
              )}
            </button>
          );
          return p.selectable ? (
            card
          ) : (
            <Tooltip key={p.name} title={t('companyWizard.packages.customHint')}>
              {card}
            </Tooltip>
          );
        })}
      </div>
      <p style={{ marginBlockStart: 12 }} data-testid="package-change-date">
        <span className="muted">
          {pkg === 'Free trial' ? t('companyWizard.packages.trialExpires') : t('companyWizard.packages.since')}
        </span>{' '}
        <strong>{formatDate(changeDate)}</strong>
      </p>

      {role !== 'partner' && (
        <>
          <div className="section-title">{t('companyWizard.packages.featuresTitle')}</div>
          <div className="feature-list" data-testid="feature-switches">
            {catalogue.data.features.map((f) => {
              const locked = ALWAYS_ON_FEATURES.includes(f.value as (typeof ALWAYS_ON_FEATURES)[number]);
              return (
                <div className="feature-row" key={f.value}>
                  <span>
                    {labels.get(f.value) ?? f.value}{' '}
                    {locked && (
                      <Tooltip title={t('companyWizard.packages.alwaysOn')}>
                        <LockOutlined className="muted" />
                      </Tooltip>
                    )}
                  </span>
                  <Switch
                    size="small"
                    checked={locked || features.includes(f.value)}
                    disabled={locked}
                    onChange={(on) => flip(f.value, on)}
                    data-testid={`feature-${f.value}`}
                  />
                </div>
              );
            })}
          </div>
        </>
      )}

      <div className="section-title">{t('companyWizard.packages.languages')}</div>
      <Select
        mode="multiple"
        allowClear
        style={{ inlineSize: '100%', maxInlineSize: 520 }}
        placeholder={t('companyWizard.packages.languagesPlaceholder')}
        value={languages}
        onChange={setLanguages}
        showSearch={{ optionFilterProp: 'label' }}
        options={languageOptions}
        data-testid="languages"
      />
      <WizardFoot onBack={goBack} onNext={() => save.mutate()} loading={save.isPending} />
    </>
  );
}
