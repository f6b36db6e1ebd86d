import { useEffect, useState } from 'react';
import { App, Form, InputNumber } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG, PACKAGE_CREDITS, type PackageName } from '@reputo/core';
import { partnersApi } from '../api';
import { StepHead, WizardFoot } from '../ui';
import { errorText, formatNumber } from '../format';
import { packageLabel } from '../labels';
import { translateMessage } from '../../../i18n/messages';
import type { StepArgs } from './types';

const PARTNER_PACKAGES: PackageName[] = ['Starter', 'Business', 'Enterprise', 'Custom'];

export function PackageStep({ partner, onSaved, goNext, goBack, setDirty }: StepArgs) {
  const { t } = useTranslation('admin');
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
        void message.success(t('partnerWizard.updated'));
        onSaved(fresh);
      }
      goNext();
    },
    onError: (e) => notification.error({ title: translateMessage(MSG.error), description: errorText(e) }),
  });
  const submit = () => {
    if (pkg === 'Custom' && (credits === null || credits < 1)) {
      setCreditsError(translateMessage(MSG.packageCreditsRequired));
      return;
    }
    save.mutate();
  };
  return (
    <>
      <StepHead title={t('partnerWizard.package.title')} description={t('partnerWizard.package.description')} />
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
            <div className="pname">{packageLabel(t, name)}</div>
            <div className="pcredits">
              {PACKAGE_CREDITS[name]
                ? t('companyWizard.packages.credits', {
                    count: PACKAGE_CREDITS[name],
                    credits: formatNumber(PACKAGE_CREDITS[name]),
                  })
                : t('partnerWizard.package.anyCredits')}
            </div>
          </button>
        ))}
      </div>
      <Form layout="vertical" style={{ maxInlineSize: 320, marginBlockStart: 20 }}>
        <Form.Item
          label={t('partnerWizard.package.credits')}
          required={pkg === 'Custom'}
          validateStatus={creditsError ? 'error' : undefined}
          help={creditsError ?? (pkg === 'Custom' ? undefined : t('partnerWizard.package.creditsHelp'))}
        >
          <InputNumber
            min={1}
            max={100_000_000}
            style={{ inlineSize: '100%' }}
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
