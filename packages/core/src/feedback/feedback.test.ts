import { describe, expect, it } from 'vitest';
import { isStopWord, npsCategory, npsOf, renderInvitation } from './index';

describe('feedback rules', () => {
  it('fills merge fields and adds the link, the unsubscribe link and the STOP text when missing', () => {
    const values = {
      name: 'Sara Ali',
      location: 'Downtown',
      link: 'https://x/c/t1',
      unsubscribe_link: 'https://x/u/t1',
    };
    expect(renderInvitation('email', 'Hi {first_name}, how was {location}? {link}', values)).toBe(
      'Hi Sara, how was Downtown? https://x/c/t1\n\nUnsubscribe: https://x/u/t1',
    );
    expect(renderInvitation('sms', 'Hi {name}, rate {location}', values)).toBe(
      'Hi Sara Ali, rate Downtown\n\nhttps://x/c/t1 Reply STOP to opt out.',
    );
    expect(renderInvitation('sms', 'قيمنا {link}', { link: 'L' }, 'ar')).toBe('قيمنا L للإلغاء أرسل STOP');
    expect(renderInvitation('sms', 'Rate us {link}', { link: 'L', offer_link: 'O' })).toBe(
      'Rate us L\n\nYour offer: O Reply STOP to opt out.',
    );
    expect(renderInvitation('email', 'Rate {link}, then enjoy {offer_link}', { link: 'L', offer_link: 'O' })).toBe(
      'Rate L, then enjoy O',
    );
    expect(renderInvitation('sms', 'Rate us {link} (STOP to end) {unknown}', { link: 'L' })).toBe(
      'Rate us L (STOP to end) {unknown}',
    );
  });

  it('reads NPS the way Bain defines it and honours the STOP words', () => {
    expect([0, 6, 7, 8, 9, 10].map(npsCategory)).toEqual([
      'detractor',
      'detractor',
      'passive',
      'passive',
      'promoter',
      'promoter',
    ]);
    expect(npsOf({ promoters: 6, passives: 2, detractors: 2 })).toBe(40);
    expect(npsOf({ promoters: 0, passives: 0, detractors: 0 })).toBeNull();
    expect(isStopWord(' stop ')).toBe(true);
    expect(isStopWord('stop sending')).toBe(false);
  });
});
