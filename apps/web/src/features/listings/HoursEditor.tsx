import { Button, Checkbox, DatePicker, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { DAYS, dayLabel, type HoursPeriod, type SpecialHours } from './api';

const time = (v: string, set: (v: string) => void, label: string) => (
  <Input
    className="ls-time"
    value={v}
    placeholder="09:00"
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
              <span className="ls-day">{dayLabel(day)}</span>
            </Checkbox>
            {p ? (
              <Space size={4}>
                {time(p.open, (open) => set(day, { ...p, open }), `${dayLabel(day)} opens`)}
                <span>–</span>
                {time(p.close, (close) => set(day, { ...p, close }), `${dayLabel(day)} closes`)}
              </Space>
            ) : (
              <span className="ls-muted">Closed</span>
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
  const update = (i: number, s: SpecialHours) => onChange?.(value.map((x, j) => (j === i ? s : x)));
  return (
    <div className="ls-special" data-testid="special-hours-editor">
      {value.map((s, i) => (
        <div className="ls-hours-row" key={i}>
          <DatePicker
            value={s.date ? dayjs(s.date) : null}
            onChange={(d) => update(i, { ...s, date: d ? d.format('YYYY-MM-DD') : '' })}
            aria-label="Special day"
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
            Closed
          </Checkbox>
          {!s.closed && (
            <Space size={4}>
              {time(s.open ?? '', (open) => update(i, { ...s, open }), 'Opens')}
              <span>–</span>
              {time(s.close ?? '', (close) => update(i, { ...s, close }), 'Closes')}
            </Space>
          )}
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label="Remove special day"
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
        Add special day
      </Button>
    </div>
  );
}
