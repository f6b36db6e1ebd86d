import { beforeAll, describe, expect, it } from 'vitest';
import { digitsFormatter } from '../../i18n/format';
import { initI18n } from '../../i18n/i18n';
import { gapClass, signed } from './display';

// An English user's browser: the interface language stored, as the app keeps it.
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (key: string) => (key === 'reputo.language' ? 'en' : null),
  setItem: () => undefined,
};

describe('a rating gap is green, red or plain as the figure shows it', () => {
  beforeAll(async () => {
    await initI18n(['common'], digitsFormatter);
  });

  it('ahead and behind keep their sign and colour', () => {
    expect([signed(0.57), gapClass(0.57)]).toEqual(['+0.57', 'gap-pos']);
    expect([signed(-0.3), gapClass(-0.3)]).toEqual(['-0.30', 'gap-neg']);
  });

  it('a gap that shows as 0.00 is even: no sign, not green, not red', () => {
    for (const v of [0, -0, 0.004, -0.004]) expect([v, signed(v), gapClass(v)]).toEqual([v, '0.00', 'gap-even']);
    expect(gapClass(null)).toBe('gap-even');
  });
});
