import { describe, it, expect } from 'vitest';
import {
  DATE_PRESETS,
  PRESET_LABELS,
  DATE_MODES,
  presetsForPicker,
  presetRange,
  previousPeriod,
  rangeLengthDays,
  validateDateRange,
  isValidDateRange,
  isIsoDate,
  parseIsoDate,
  toIsoDate,
  isFromDateDisabled,
  isToDateDisabled,
  lastDays,
  DATE_RANGE_MESSAGES,
  type DatePreset,
  type WeekStart,
} from './dates';

const day = (s: string) => new Date(`${s}T12:00:00Z`);

type Case = [string, WeekStart, DatePreset, string, string];
const cases: Case[] = [
  // Wednesday 2025-01-15
  ['2025-01-15', 7, 'today', '2025-01-15', '2025-01-15'],
  ['2025-01-15', 7, 'yesterday', '2025-01-14', '2025-01-14'],
  ['2025-01-15', 7, 'thisWeek', '2025-01-12', '2025-01-15'],
  ['2025-01-15', 7, 'lastWeek', '2025-01-05', '2025-01-11'],
  ['2025-01-15', 1, 'thisWeek', '2025-01-13', '2025-01-15'],
  ['2025-01-15', 1, 'lastWeek', '2025-01-06', '2025-01-12'],
  ['2025-01-15', 6, 'thisWeek', '2025-01-11', '2025-01-15'],
  ['2025-01-15', 7, 'thisMonth', '2025-01-01', '2025-01-15'],
  ['2025-01-15', 7, 'lastMonth', '2024-12-01', '2024-12-31'],
  ['2025-01-15', 7, 'thisQuarter', '2025-01-01', '2025-01-15'],
  ['2025-01-15', 7, 'lastQuarter', '2024-10-01', '2024-12-31'],
  // New Year's Day 2025 (a Wednesday): weeks and yesterday cross the year
  ['2025-01-01', 7, 'yesterday', '2024-12-31', '2024-12-31'],
  ['2025-01-01', 7, 'thisWeek', '2024-12-29', '2025-01-01'],
  ['2025-01-01', 7, 'lastWeek', '2024-12-22', '2024-12-28'],
  ['2025-01-01', 1, 'thisWeek', '2024-12-30', '2025-01-01'],
  ['2025-01-01', 1, 'lastWeek', '2024-12-23', '2024-12-29'],
  // Sunday 2025-03-02: the week start itself, and a February month
  ['2025-03-02', 7, 'thisWeek', '2025-03-02', '2025-03-02'],
  ['2025-03-02', 7, 'lastWeek', '2025-02-23', '2025-03-01'],
  ['2025-03-02', 1, 'thisWeek', '2025-02-24', '2025-03-02'],
  ['2025-03-02', 1, 'lastWeek', '2025-02-17', '2025-02-23'],
  ['2025-03-02', 7, 'lastMonth', '2025-02-01', '2025-02-28'],
  // Monday 2025-03-03 with Monday start: this week is one day
  ['2025-03-03', 1, 'thisWeek', '2025-03-03', '2025-03-03'],
  ['2025-03-03', 1, 'lastWeek', '2025-02-24', '2025-03-02'],
  // Leap year
  ['2024-03-10', 7, 'lastMonth', '2024-02-01', '2024-02-29'],
  // Quarters
  ['2025-05-20', 7, 'thisQuarter', '2025-04-01', '2025-05-20'],
  ['2025-05-20', 7, 'lastQuarter', '2025-01-01', '2025-03-31'],
  ['2025-12-31', 1, 'thisQuarter', '2025-10-01', '2025-12-31'],
  ['2025-12-31', 1, 'lastQuarter', '2025-07-01', '2025-09-30'],
  ['2025-03-31', 7, 'lastQuarter', '2024-10-01', '2024-12-31'],
  ['2025-10-01', 7, 'lastQuarter', '2025-07-01', '2025-09-30'],
];

describe('presetRange', () => {
  it.each(cases)('%s week start %i %s -> %s..%s', (today, weekStart, preset, from, to) => {
    expect(presetRange(preset, day(today), weekStart)).toEqual({ from, to });
  });

  it('uses the UTC calendar day of today whatever the hour', () => {
    expect(presetRange('today', new Date('2025-01-15T23:59:59.999Z'))).toEqual({
      from: '2025-01-15',
      to: '2025-01-15',
    });
    expect(presetRange('today', new Date('2025-01-15T00:00:00.000Z'))).toEqual({
      from: '2025-01-15',
      to: '2025-01-15',
    });
  });

  it('defaults to a Sunday week start', () => {
    expect(presetRange('thisWeek', day('2025-01-15'))).toEqual({ from: '2025-01-12', to: '2025-01-15' });
  });

  it('gives every preset a valid range that ends no later than today', () => {
    for (const preset of DATE_PRESETS) {
      for (const ws of [1, 7] as const)
        expect(isValidDateRange(presetRange(preset, day('2025-02-28'), ws), day('2025-02-28'))).toBe(true);
    }
  });

  it('gives whole weeks for lastWeek', () => {
    for (const ws of [1, 2, 3, 4, 5, 6, 7] as const)
      expect(rangeLengthDays(presetRange('lastWeek', day('2025-06-11'), ws))).toBe(7);
  });
});

describe('labels and modes', () => {
  it('labels presets as the picker shows them', () => {
    expect(DATE_PRESETS.map((p) => PRESET_LABELS[p])).toEqual([
      'Today',
      'Yesterday',
      'This week',
      'Last week',
      'This month',
      'Last month',
      'This quarter',
      'Last quarter',
    ]);
    expect(DATE_MODES).toEqual(['date_from', 'date_to', 'both']);
  });

  it('shows Today and Yesterday on the From picker only', () => {
    expect(presetsForPicker('from')).toContain('today');
    expect(presetsForPicker('to')).not.toContain('today');
    expect(presetsForPicker('to')).not.toContain('yesterday');
    expect(presetsForPicker('to')).toHaveLength(6);
  });
});

describe('previousPeriod', () => {
  it('is the same length immediately before', () => {
    expect(previousPeriod({ from: '2025-01-01', to: '2025-01-31' })).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(previousPeriod({ from: '2025-03-01', to: '2025-03-01' })).toEqual({ from: '2025-02-28', to: '2025-02-28' });
    expect(previousPeriod({ from: '2025-03-01', to: '2025-03-31' })).toEqual({ from: '2025-01-29', to: '2025-02-28' });
    expect(previousPeriod({ from: '2024-01-08', to: '2024-01-14' })).toEqual({ from: '2024-01-01', to: '2024-01-07' });
  });
});

describe('validateDateRange', () => {
  const today = day('2025-01-15');
  it('accepts a past range, a one-day range and today', () => {
    expect(validateDateRange({ from: '2025-01-01', to: '2025-01-10' }, today)).toEqual({});
    expect(validateDateRange({ from: '2025-01-15', to: '2025-01-15' }, today)).toEqual({});
    expect(validateDateRange({ from: '2025-01-01' }, today)).toEqual({});
  });

  it('rejects a start after the end', () => {
    expect(validateDateRange({ from: '2025-01-10', to: '2025-01-01' }, today)).toEqual({
      from: DATE_RANGE_MESSAGES.fromAfterTo,
      to: DATE_RANGE_MESSAGES.toBeforeFrom,
    });
  });

  it('rejects dates in the future', () => {
    expect(validateDateRange({ from: '2025-01-16', to: '2025-01-20' }, today)).toEqual({
      from: DATE_RANGE_MESSAGES.fromInFuture,
      to: DATE_RANGE_MESSAGES.toInFuture,
    });
    expect(validateDateRange({ from: '2025-01-01', to: '2025-01-16' }, today)).toEqual({
      to: DATE_RANGE_MESSAGES.toInFuture,
    });
  });

  it('rejects malformed or impossible dates', () => {
    expect(validateDateRange({ from: '2025-02-30', to: '2025-03-01' }, today).from).toBe(
      DATE_RANGE_MESSAGES.invalidDate,
    );
    expect(validateDateRange({ from: '2025/01/01' }, today).from).toBe(DATE_RANGE_MESSAGES.invalidDate);
    expect(isValidDateRange({ to: 'yesterday' }, today)).toBe(false);
  });

  it('disables the days a picker may not offer', () => {
    expect(isFromDateDisabled('2025-01-16', undefined, today)).toBe(true);
    expect(isFromDateDisabled('2025-01-11', '2025-01-10', today)).toBe(true);
    expect(isFromDateDisabled('2025-01-10', '2025-01-10', today)).toBe(false);
    expect(isToDateDisabled('2025-01-09', '2025-01-10', today)).toBe(true);
    expect(isToDateDisabled('2025-01-15', '2025-01-10', today)).toBe(false);
    expect(isToDateDisabled('2025-01-16', undefined, today)).toBe(true);
  });
});

describe('date helpers', () => {
  it('checks and parses YYYY-MM-DD', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isIsoDate(20250101)).toBe(false);
    expect(toIsoDate(parseIsoDate('2025-07-04'))).toBe('2025-07-04');
    expect(() => parseIsoDate('nope')).toThrow(RangeError);
  });

  it('gives the last 7 days including today', () => {
    expect(lastDays(7, day('2025-01-03'))).toEqual({ from: '2024-12-28', to: '2025-01-03' });
  });
});
