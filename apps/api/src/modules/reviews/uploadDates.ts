/**
 * The date column of a review upload. Accepted: ISO dates and times (2025-04-03, 2025-04-03T18:30:00Z),
 * Excel date cells (platform/sheets.ts gives them as ISO), year first with / or . (2025/04/03), and
 * day and month in either order when only one reading is possible: 23/04/2025 (day first),
 * 04/23/2025 (month first), 3 April 2025, April 3, 2025. 03/04/2025 could be 3 April or 4 March: the
 * row is rejected with a reason that says so, never guessed.
 */
export type DateReading = { date: Date } | { problem: DateProblem };

/** Why a date was refused: a key of the `uploads:reviews` catalogue and its variables (months by number). */
export interface DateProblem {
  key: 'dateMissing' | 'dateAmbiguous' | 'dateInvalid';
  vars?: Record<string, string | number>;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** A day at noon UTC (so it stays the same day in every time zone), or null when it is no calendar day. */
function day(year: number, month: number, dayOfMonth: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth, 12));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === dayOfMonth
    ? date
    : null;
}

function monthOf(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return 0;
  return MONTHS.findIndex((m) => m.startsWith(lower)) + 1;
}

function isoDateTime(v: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(v)) return null;
  const d = new Date(v.replace(' ', 'T') + (/(Z|[+-]\d{2}:?\d{2})$/.test(v) ? '' : 'Z'));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 23/04/2025, 04/23/2025, 5.5.2025: day and month in the order only their values allow. */
function numericDayMonth(v: string): DateReading | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  if (!m) return null;
  const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (a <= 12 && b <= 12 && a !== b) {
    return { problem: { key: 'dateAmbiguous', vars: { value: v, dayA: a, monthA: b, dayB: b, monthB: a, year } } };
  }
  const date = a > 12 ? day(year, b, a) : day(year, a, b);
  return date ? { date } : null;
}

/** 3 April 2025, 3 Apr 2025, April 3, 2025, Apr 3 2025. */
function namedMonth(v: string): Date | null {
  const dayFirst = /^(\d{1,2})\s+([A-Za-z]+\.?),?\s+(\d{4})$/.exec(v);
  if (dayFirst)
    return monthOf(dayFirst[2]!) ? day(Number(dayFirst[3]), monthOf(dayFirst[2]!), Number(dayFirst[1])) : null;
  const monthFirst = /^([A-Za-z]+\.?)\s+(\d{1,2}),?\s+(\d{4})$/.exec(v);
  if (monthFirst)
    return monthOf(monthFirst[1]!) ? day(Number(monthFirst[3]), monthOf(monthFirst[1]!), Number(monthFirst[2])) : null;
  return null;
}

export function readUploadDate(value: string): DateReading {
  const v = value.trim();
  if (!v) return { problem: { key: 'dateMissing' } };
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(v);
  const numeric = numericDayMonth(v);
  if (numeric) return numeric;
  const date =
    (yearFirst ? day(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])) : null) ??
    isoDateTime(v) ??
    namedMonth(v);
  return date ? { date } : { problem: { key: 'dateInvalid', vars: { value: v } } };
}
