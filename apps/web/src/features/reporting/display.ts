import dayjs from 'dayjs';
import { sourceTitle } from '@reputo/core';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate, formatNumber } from '../../i18n/format';

/**
 * Dates and numbers as the reports, reviews and messages show them. English keeps the formats the
 * spec and its tests read (dayjs); Arabic goes through Intl with the user's digits (dayjs's Arabic
 * locale would always write Latin digits here).
 */
export type DateStyle =
  | 'day'
  | 'dayTime'
  | 'dayMonth'
  | 'dayMonthTime'
  | 'time'
  | 'monthDay'
  | 'monthYear'
  | 'monthDayYear'
  | 'monthDayYearTime'
  | 'weekdayTime';

const DAYJS: Record<DateStyle, string> = {
  day: 'D MMM YYYY',
  dayTime: 'D MMM YYYY, HH:mm',
  dayMonth: 'D MMM',
  dayMonthTime: 'D MMM, HH:mm',
  time: 'HH:mm',
  monthDay: 'MMM D',
  monthYear: 'MMM YYYY',
  monthDayYear: 'MMM D, YYYY',
  monthDayYearTime: 'MMM D, YYYY HH:mm',
  weekdayTime: 'ddd, MMM D [at] HH:mm',
};

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const INTL: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  dayTime: { day: 'numeric', month: 'short', year: 'numeric', ...TIME },
  dayMonth: { day: 'numeric', month: 'short' },
  dayMonthTime: { day: 'numeric', month: 'short', ...TIME },
  time: TIME,
  monthDay: { day: 'numeric', month: 'short' },
  monthYear: { month: 'short', year: 'numeric' },
  monthDayYear: { day: 'numeric', month: 'short', year: 'numeric' },
  monthDayYearTime: { day: 'numeric', month: 'short', year: 'numeric', ...TIME },
  weekdayTime: { weekday: 'short', day: 'numeric', month: 'short', ...TIME },
};

export function showDate(value: string | number | Date, style: DateStyle): string {
  const d = dayjs(value);
  if (currentLanguage() === 'en') return d.format(DAYJS[style]);
  return formatDate(d.toDate(), INTL[style]);
}

/** A number with a fixed count of decimals, in the user's digits. */
export function fixed(value: number, digits: number): string {
  return formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
}

/** A whole number with grouping, in the user's digits. */
export function int(value: number): string {
  return formatNumber(value);
}

/** Is the interface right to left now. */
export function isRtl(): boolean {
  return currentLanguage() === 'ar';
}

/** The date styles the screens use most, as functions (a JSX attribute or child needs no style name). */
export const dateDay = (value: string | number | Date) => showDate(value, 'day');
export const dateDayTime = (value: string | number | Date) => showDate(value, 'dayTime');
export const dateDayMonthTime = (value: string | number | Date) => showDate(value, 'dayMonthTime');

/**
 * A review source's name: product names (Google, Talabat, ...) stay as they are; Reputo's own
 * "Feedback" is a word, said in the interface language (`sources.feedback` of the caller's namespace).
 */
export function sourceName(t: (key: string) => string, value: string, title?: string): string {
  if (value === 'feedback') return t('sources.feedback');
  return title ?? sourceTitle(value);
}

/**
 * A name put into a sentence (a placeholder, a title): in a right-to-left interface it is isolated
 * (FSI … PDI), so "Reviewer 0" or "Saffron & Co." keeps its own order inside the Arabic text.
 */
export function isolate(name: string): string {
  return isRtl() ? `\u2068${name}\u2069` : name;
}

/**
 * The sign of a figure as shown with two decimals: 0.004 and -0.004 show as 0.00, neither ahead nor
 * behind, so they are written without a sign and coloured as even.
 */
export function shownSign(v: number): -1 | 0 | 1 {
  return Math.sign(Math.round(v * 100)) as -1 | 0 | 1;
}

/** A rating gap's colour: green ahead, red behind, plain when even as shown. */
export function gapClass(v: number | null | undefined): string {
  const sign = v === null || v === undefined ? 0 : shownSign(v);
  return sign > 0 ? 'gap-pos' : sign < 0 ? 'gap-neg' : 'gap-even';
}

/** A signed figure ("+0.57"): kept left to right inside a right-to-left line, so the sign stays in front. */
export function signed(v: number): string {
  const sign = shownSign(v);
  const text = (sign > 0 ? '+' : '') + fixed(sign === 0 ? 0 : v, 2);
  return isRtl() ? `\u2066${text}\u2069` : text;
}
