import { Button, Checkbox, DatePicker, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAYS, dayLabel, type HoursPeriod, type SpecialHours } from './api';

const TIME_EXAMPLE = '09:00';

const time = (v: string, set: (v: string) => void, label: string) => (
  <Input
    className="ls-time"
    dir="ltr"
    value={v}
    placeholder={TIME_EXAMPLE}
    aria-label={label}
    maxLength={5}
    onChange={(e) => set(e.target.value)}
  />
);

/** Opening hours per weekday: one period a day (closed when unchecked). */
export function RegularHoursEditor({
  value = [],
  onChange,
}: {
  value?: HoursPeriod[];
  onChange?: (v: HoursPeriod[]) => void;
}) {
  const { t } = useTranslation('listings');
  const set = (day: HoursPeriod['day'], period: HoursPeriod | null) =>
    onChange?.(
      [...value.filter((p) => p.day !== day), ...(period ? [period] : [])].sort(
        (a, b) => DAYS.indexOf(a.day) - DAYS.indexOf(b.day),
      ),
    );
  return (
    <div className="ls-hours" data-testid="hours-editor">
      {DAYS.map((day) => {
        const p = value.find((x) => x.day === day);
        return (
          <div className="ls-hours-row" key={day}>
            <Checkbox
              checked={Boolean(p)}
              onChange={(e) => set(day, e.target.checked ? { day, open: '09:00', close: '17:00' } : null)}
            >
              <span className="ls-day">{dayLabel(t, day)}</span>
            </Checkbox>
            {p ? (
              <Space size={4}>
                {time(p.open, (open) => set(day, { ...p, open }), t('hours.dayOpens', { day: dayLabel(t, day) }))}
                <span>–</span>
                {time(p.close, (close) => set(day, { ...p, close }), t('hours.dayCloses', { day: dayLabel(t, day) }))}
              </Space>
            ) : (
              <span className="ls-muted">{t('hours.closed')}</span>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Hours of given dates (holidays): closed, or open at other times. */
export function SpecialHoursEditor({
  value = [],
  onChange,
}: {
  value?: SpecialHours[];
  onChange?: (v: SpecialHours[]) => void;
}) {
  const { t } = useTranslation('listings');
  const update = (i: number, s: SpecialHours) => onChange?.(value.map((x, j) => (j === i ? s : x)));
  return (
    <div className="ls-special" data-testid="special-hours-editor">
      {value.map((s, i) => (
        <div className="ls-hours-row" key={i}>
          <DatePicker
            value={s.date ? dayjs(s.date) : null}
            onChange={(d) => update(i, { ...s, date: d ? d.format('YYYY-MM-DD') : '' })}
            aria-label={t('hours.specialDay')}
          />
          <Checkbox
            checked={s.closed}
            onChange={(e) =>
              update(
                i,
                e.target.checked
                  ? { ...s, closed: true, open: null, close: null }
                  : { ...s, closed: false, open: '10:00', close: '14:00' },
              )
            }
          >
            {t('hours.closed')}
          </Checkbox>
          {!s.closed && (
            <Space size={4}>
              {time(s.open ?? '', (open) => update(i, { ...s, open }), t('hours.opens'))}
              <span>–</span>
              {time(s.close ?? '', (close) => update(i, { ...s, close }), t('hours.closes'))}
            </Space>
          )}
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('hours.removeSpecial')}
            onClick={() => onChange?.(value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => onChange?.([...value, { date: '', closed: true, open: null, close: null }])}
        data-testid="special-add"
      >
        {t('hours.addSpecial')}
      </Button>
    </div>
  );
}
