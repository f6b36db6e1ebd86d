import { App } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { partnersApi } from '../api';
import { ApiKeyField, StepHead, WizardFoot } from '../ui';
import { errorText } from '../format';
import type { StepArgs } from './types';

const DOCS = '/docs';

export function ApiKeyStep({ partner, onSaved, goNext, goBack }: StepArgs) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const rotate = useMutation({
    mutationFn: () => partnersApi.rotateKey(partner.id),
    onSuccess: (r) => {
      onSaved({ ...partner, apiKey: r.apiKey });
      void message.success(t('apiKey.issued'));
    },
    onError: (e) => void message.error(errorText(e)),
  });
  return (
    <>
      <StepHead title={t('partnerWizard.apiKey.title')} description={t('partnerWizard.apiKey.description')} />
      <ApiKeyField value={partner.apiKey} onRotate={() => rotate.mutate()} rotating={rotate.isPending} />
      <p className="muted small" style={{ marginBlockStart: 12 }}>
        {t('partnerWizard.apiKey.address')}{' '}
        <a href={partner.url ?? '#'} target="_blank" rel="noreferrer">
          <bdi dir="ltr">{partner.url}</bdi>
        </a>
        {' · '}
        {t('partnerWizard.apiKey.docs')}{' '}
        <a href={DOCS} target="_blank" rel="noreferrer">
          <bdi dir="ltr">{DOCS}</bdi>
        </a>
      </p>
      <WizardFoot onBack={goBack} onNext={goNext} nextLabel={t('wizard.next')} />
    </>
  );
}

/** Billing step: metered usage over a range (default the last 7 days) and the Free API / Paid API Excel exports. */
