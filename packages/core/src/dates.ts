/**
 * Date presets and ranges (spec 000 section 9, spec 001 sections 2 and 4).
 * Dates travel as 'YYYY-MM-DD' strings; all arithmetic is on UTC calendar days so the answer
 * never depends on the machine's time zone. Callers pass `today` already shifted to the user's day.
 */

export const DATE_FORMAT = 'YYYY-MM-DD';
/** Company and partner date pickers display dates this way (the value is still DATE_FORMAT). */
export const ADMIN_DATE_DISPLAY_FORMAT = 'YYYY/MM/DD';

export const DATE_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisQuarter',
  'lastQuarter',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  thisWeek: 'This week',
  lastWeek: 'Last week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisQuarter: 'This quarter',
  lastQuarter: 'Last quarter',
};

export const DATE_MODES = ['date_from', 'date_to', 'both'] as const;
export type DateMode = (typeof DATE_MODES)[number];

/** Today and Yesterday appear on the From picker only. */
const FROM_ONLY_PRESETS: readonly DatePreset[] = ['today', 'yesterday'];

/** The shortcuts a picker shows: the From picker has all, the To picker lacks Today and Yesterday. */
export function presetsForPicker(picker: 'from' | 'to'): DatePreset[] {
  return picker === 'from' ? [...DATE_PRESETS] : DATE_PRESETS.filter((p) => !FROM_ONLY_PRESETS.includes(p));
}

/** ISO weekday numbering: 1 = Monday ... 7 = Sunday. */
export type WeekStart = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type DateRange = { from: string; to: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The UTC midnight of a date's UTC calendar day. */
function utcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY_MS);
}

/** 'YYYY-MM-DD' of a date's UTC calendar day. */
export function toIsoDate(d: Date): string {
  return utcDay(d).toISOString().slice(0, 10);
}

/** Whether `s` is a real calendar date written 'YYYY-MM-DD' (2024-02-30 is not). */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.toISOString().slice(0, 10) === s;
}

/** The UTC midnight of a 'YYYY-MM-DD' string; throws on anything else so bad input is never a silent range. */
export function parseIsoDate(s: string): Date {
  if (!isIsoDate(s)) throw new RangeError(`Not a YYYY-MM-DD date: ${s}`);
  return new Date(`${s}T00:00:00.000Z`);
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a UTC day. */
function isoWeekday(d: Date): number {
  return d.getUTCDay() === 0 ? 7 : d.getUTCDay();
}

function startOfWeek(d: Date, weekStart: WeekStart): Date {
  const back = (isoWeekday(d) - weekStart + 7) % 7;
  return addDays(d, -back);
}

function startOfMonth(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

function startOfQuarter(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (d.getUTCMonth() % 3), 1));
}

/** The first day of the month `months` away from d's month (Date.UTC rolls years over). */
function monthStartShifted(d: Date, months: number): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
}

function range(from: Date, to: Date): DateRange {
  return { from: toIsoDate(from), to: toIsoDate(to) };
}

/**
 * The inclusive range of a preset seen from `today`. "This" periods run to today, not to the
 * period's end, because a range may not reach into the future (spec 001 section 4).
 */
export function presetRange(preset: DatePreset, today: Date, weekStart: WeekStart = 7): DateRange {
  const t = utcDay(today);
  switch (preset) {
    case 'today':
      return range(t, t);
    case 'yesterday':
      return range(addDays(t, -1), addDays(t, -1));
    case 'thisWeek':
      return range(startOfWeek(t, weekStart), t);
    case 'lastWeek': {
      const start = addDays(startOfWeek(t, weekStart), -7);
      return range(start, addDays(start, 6));
    }
    case 'thisMonth':
      return range(startOfMonth(t), t);
    case 'lastMonth':
      return range(monthStartShifted(t, -1), addDays(startOfMonth(t), -1));
    case 'thisQuarter':
      return range(startOfQuarter(t), t);
    case 'lastQuarter': {
      const thisStart = startOfQuarter(t);
      return range(monthStartShifted(thisStart, -3), addDays(thisStart, -1));
    }
  }
}

/** Number of days in an inclusive range. */
export function rangeLengthDays(r: DateRange): number {
  return Math.round((parseIsoDate(r.to).getTime() - parseIsoDate(r.from).getTime()) / DAY_MS) + 1;
}

/** The range of the same length that ends the day before `r` starts (for "vs previous period"). */
export function previousPeriod(r: DateRange): DateRange {
  const to = addDays(parseIsoDate(r.from), -1);
  return range(addDays(to, -(rangeLengthDays(r) - 1)), to);
}

export const DATE_RANGE_MESSAGES = {
  invalidDate: 'Please enter a date as YYYY-MM-DD.',
  fromAfterTo: 'Start date cannot be after end date.',
  fromInFuture: 'Start date cannot be in the future.',
  toBeforeFrom: 'End date cannot be before start date.',
  toInFuture: 'End date cannot be in the future.',
} as const;

/** One message per side that is wrong; an empty object means the range is valid. */
export type DateRangeErrors = { from?: string; to?: string };

function sideError(value: string, today: string, futureMessage: string): string | undefined {
  if (!isIsoDate(value)) return DATE_RANGE_MESSAGES.invalidDate;
  return value > today ? futureMessage : undefined;
}

/**
 * Spec 001 section 4: the start cannot be after the end or in the future; the end cannot be
 * before the start or in the future. A one-day range (from = to) is valid. Either side may be
 * missing (a single-sided filter in date_from or date_to mode).
 */
export function validateDateRange(r: Partial<DateRange>, today: Date): DateRangeErrors {
  const t = toIsoDate(today);
  const errors: DateRangeErrors = {};
  const fromError = r.from === undefined ? undefined : sideError(r.from, t, DATE_RANGE_MESSAGES.fromInFuture);
  const toError = r.to === undefined ? undefined : sideError(r.to, t, DATE_RANGE_MESSAGES.toInFuture);
  if (fromError) errors.from = fromError;
  if (toError) errors.to = toError;
  const { from, to } = r;
  if (!fromError && !toError && from !== undefined && to !== undefined && from > to) {
    errors.from = DATE_RANGE_MESSAGES.fromAfterTo;
    errors.to = DATE_RANGE_MESSAGES.toBeforeFrom;
  }
  return errors;
}

export function isValidDateRange(r: Partial<DateRange>, today: Date): boolean {
  return Object.keys(validateDateRange(r, today)).length === 0;
}

/** For a From picker: days after the chosen end or after today cannot be picked. */
export function isFromDateDisabled(day: string, to: string | undefined, today: Date): boolean {
  return day > toIsoDate(today) || (to !== undefined && day > to);
}

/** For a To picker: days before the chosen start or after today cannot be picked. */
export function isToDateDisabled(day: string, from: string | undefined, today: Date): boolean {
  return day > toIsoDate(today) || (from !== undefined && day < from);
}

/** The last `days` days ending today, inclusive (the billing export's default range is 7). */
export function lastDays(days: number, today: Date): DateRange {
  const t = utcDay(today);
  return range(addDays(t, -(days - 1)), t);
}
