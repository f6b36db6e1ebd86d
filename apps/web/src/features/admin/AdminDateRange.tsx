import { useState } from 'react';
import { DatePicker, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_DATE_DISPLAY_FORMAT,
  DATE_FORMAT,
  isFromDateDisabled,
  isToDateDisabled,
  PRESET_LABELS,
  presetRange,
  presetsForPicker,
  type DatePreset,
  type DateRange,
} from '@reputo/core';

const toDay = (s: string | undefined): Dayjs | null => (s ? dayjs(s, DATE_FORMAT) : null);
const fromDay = (d: Dayjs | null): string | undefined => (d ? d.format(DATE_FORMAT) : undefined);

function Shortcuts({ picker, onPick }: { picker: 'from' | 'to'; onPick: (preset: DatePreset) => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="date-shortcuts">
      {presetsForPicker(picker).map((p) => (
        <Tag.CheckableTag key={p} checked={false} onChange={() => onPick(p)} data-testid={`${picker}-preset-${p}`}>
          {t(`datePresets.${p}`, { defaultValue: PRESET_LABELS[p] })}
        </Tag.CheckableTag>
      ))}
    </div>
  );
}

/**
 * From and To pickers of the admin screens (spec 001 section 2): shown as YYYY/MM/DD, sent as
 * YYYY-MM-DD; shortcuts set both ends (Today and Yesterday on the From picker only); the start
 * cannot be after the end or in the future, the end not before the start or in the future.
 */
export function AdminDateRange({
  value,
  onChange,
  testId = 'date-range',
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState<'from' | 'to' | null>(null);
  const today = new Date();
  const pick = (preset: DatePreset) => {
    onChange(presetRange(preset, today));
    setOpen(null);
  };
  return (
    <Space wrap data-testid={testId}>
      <DatePicker
        value={toDay(value.from)}
        format={ADMIN_DATE_DISPLAY_FORMAT}
        placeholder={t('dateRange.from')}
        allowClear={false}
        showNow={false}
        open={open === 'from'}
        onOpenChange={(o) => setOpen(o ? 'from' : null)}
        disabledDate={(d) => isFromDateDisabled(d.format(DATE_FORMAT), value.to, today)}
        onChange={(d) => d && onChange({ ...value, from: fromDay(d)! })}
        renderExtraFooter={() => <Shortcuts picker="from" onPick={pick} />}
        data-testid={`${testId}-from`}
      />
      <span className="muted">{t('dateRange.to')}</span>
      <DatePicker
        value={toDay(value.to)}
        format={ADMIN_DATE_DISPLAY_FORMAT}
        placeholder={t('dateRange.toPlaceholder')}
        allowClear={false}
        showNow={false}
        open={open === 'to'}
        onOpenChange={(o) => setOpen(o ? 'to' : null)}
        disabledDate={(d) => isToDateDisabled(d.format(DATE_FORMAT), value.from, today)}
        onChange={(d) => d && onChange({ ...value, to: fromDay(d)! })}
        renderExtraFooter={() => <Shortcuts picker="to" onPick={pick} />}
        data-testid={`${testId}-to`}
      />
    </Space>
  );
}
