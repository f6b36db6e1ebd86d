import { describe, expect, it } from 'vitest';
import { splitIntoMonths } from './scope';

/** Monthly rollups answer whole months; the days at the ends of a range come from the daily rollups. */
describe('splitIntoMonths', () => {
  it('splits 90 days into two whole months and the partial months at both ends', () => {
    expect(splitIntoMonths('2026-08-25', '2026-11-22')).toEqual({
      months: { from: '2026-09-01', toExclusive: '2026-11-01' },
      edges: [
        { from: '2026-08-25', to: '2026-08-31' },
        { from: '2026-11-01', to: '2026-11-22' },
      ],
    });
  });

  it('needs no days when the range is whole months (including a leap February)', () => {
    expect(splitIntoMonths('2024-01-01', '2024-02-29')).toEqual({
      months: { from: '2024-01-01', toExclusive: '2024-03-01' },
      edges: [],
    });
  });

  it('reads days only when the range lies inside one month', () => {
    expect(splitIntoMonths('2025-03-02', '2025-03-09')).toEqual({
      months: null,
      edges: [{ from: '2025-03-02', to: '2025-03-09' }],
    });
  });

  it('reads days only when the range crosses a month boundary without a whole month', () => {
    expect(splitIntoMonths('2025-02-15', '2025-03-10')).toEqual({
      months: null,
      edges: [
        { from: '2025-02-15', to: '2025-02-28' },
        { from: '2025-03-01', to: '2025-03-10' },
      ],
    });
  });

  it('keeps open ends open: all time up to a day, and from a day on', () => {
    expect(splitIntoMonths(undefined, '2026-11-22')).toEqual({
      months: { from: undefined, toExclusive: '2026-11-01' },
      edges: [{ from: '2026-11-01', to: '2026-11-22' }],
    });
    expect(splitIntoMonths('2026-10-15', undefined)).toEqual({
      months: { from: '2026-11-01', toExclusive: undefined },
      edges: [{ from: '2026-10-15', to: '2026-10-31' }],
    });
    expect(splitIntoMonths(undefined, undefined)).toEqual({
      months: { from: undefined, toExclusive: undefined },
      edges: [],
    });
  });
});
