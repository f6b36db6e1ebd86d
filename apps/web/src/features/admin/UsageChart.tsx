import { useTranslation } from 'react-i18next';
import { Chart, COLORS, type EChartsOption } from '../reporting/Chart';
import { localDigits } from './format';

/** Free and paid API calls per day, stacked (loaded with the billing step only). */
export default function UsageChart({
  days,
  loading,
}: {
  days: { day: string; free: number; paid: number }[];
  loading: boolean;
}) {
  const { t } = useTranslation('admin');
  const option: EChartsOption = {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: days.map((d) => localDigits(d.day.slice(5).replace('-', '/'))) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: t('partnerWizard.billing.freeApi'),
        type: 'bar',
        stack: 'calls',
        data: days.map((d) => d.free),
        itemStyle: { color: COLORS.brand },
      },
      {
        name: t('partnerWizard.billing.paidApi'),
        type: 'bar',
        stack: 'calls',
        data: days.map((d) => d.paid),
        itemStyle: { color: COLORS.amber },
      },
    ],
  };
  return <Chart option={option} height={260} loading={loading} testId="usage-chart" />;
}
