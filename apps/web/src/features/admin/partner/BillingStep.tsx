import { lazy, Suspense, useState } from 'react';
import { App, Button, Skeleton, Space } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lastDays, type DateRange } from '@reputo/core';
import { downloadFile, partnersApi } from '../api';
import { Kpi, StepHead, WizardFoot } from '../ui';
import { errorText, formatNumber } from '../format';
import { packageLabel } from '../labels';
import { AdminDateRange } from '../AdminDateRange';
import { adminKeys } from '../queryKeys';
import type { StepArgs } from './types';

const UsageChart = lazy(() => import('../UsageChart'));

export function BillingStep({ partner, goNext, goBack }: StepArgs) {
  const { t } = useTranslation('admin');
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
        title={t('partnerWizard.billing.title')}
        description={t('partnerWizard.billing.description', {
          name: partner.name,
          count: partner.apiCredits,
          credits: formatNumber(partner.apiCredits),
        })}
      />
      <div className="list-toolbar">
        <AdminDateRange value={range} onChange={setRange} testId="billing-range" />
        <span className="grow" />
        <Space wrap>
          <Button icon={<FileExcelOutlined />} onClick={() => exportUsage.mutate(true)} data-testid="export-free-api">
            {t('partnerWizard.billing.freeExport')}
          </Button>
          <Button icon={<FileExcelOutlined />} onClick={() => exportUsage.mutate(false)} data-testid="export-paid-api">
            {t('partnerWizard.billing.paidExport')}
          </Button>
        </Space>
      </div>
      <div className="kpis">
        <Kpi
          label={t('partnerWizard.billing.freeCalls')}
          value={formatNumber(usage.data?.totals.free)}
          testId="kpi-free"
        />
        <Kpi
          label={t('partnerWizard.billing.paidCalls')}
          value={formatNumber(usage.data?.totals.paid)}
          tone={usage.data?.totals.paid ? 'warn' : undefined}
          testId="kpi-paid"
        />
        <Kpi
          label={t('partnerWizard.billing.monthlyCredits')}
          value={formatNumber(partner.apiCredits)}
          hint={packageLabel(t, partner.package)}
        />
      </div>
      <Suspense fallback={<Skeleton active />}>
        <UsageChart days={usage.data?.days ?? []} loading={usage.isLoading} />
      </Suspense>
      <WizardFoot onBack={goBack} onNext={goNext} nextLabel={t('wizard.finish')} />
    </>
  );
}

/**
 * The partner wizard (spec 001 sections 2 and 4): information, package, apiKey, billing under
 * /admin_panel/partners/{id}/{step}. A new partner has only the information step until created.
 */
