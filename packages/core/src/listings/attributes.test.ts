import { describe, expect, it } from 'vitest';
import {
  attributeApplies,
  attributeProblem,
  attributeValueText,
  isFoodCategory,
  listingAttribute,
  LISTING_ATTRIBUTES,
} from './attributes';

describe('listing attributes', () => {
  it('ships a modest list of unique Google-style ids, each in a group, options where it takes them', () => {
    expect(LISTING_ATTRIBUTES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(LISTING_ATTRIBUTES.map((a) => a.id)).size).toBe(LISTING_ATTRIBUTES.length);
    for (const id of ['has_wheelchair_accessible_entrance', 'has_wifi', 'has_delivery', 'has_takeout'])
      expect(listingAttribute(id)?.valueType).toBe('BOOL');
    expect(listingAttribute('pay_credit_card_types_accepted')?.valueType).toBe('REPEATED_ENUM');
    for (const a of LISTING_ATTRIBUTES) expect(Boolean(a.options?.length)).toBe(a.valueType !== 'BOOL');
  });

  it('names the first unknown attribute or value of the wrong type', () => {
    expect(attributeProblem({ has_wifi: true, wi_fi: 'free_wi_fi', pay_credit_card_types_accepted: ['visa'] })).toBe(
      null,
    );
    expect(attributeProblem({ has_teleporter: true })).toEqual({
      id: 'has_teleporter',
      message: 'Unknown attribute: has_teleporter',
    });
    expect(attributeProblem({ has_wifi: 'yes' })?.message).toBe('Wi-Fi is yes or no (true or false)');
    expect(attributeProblem({ wi_fi: true })?.message).toBe('Wi-Fi access is one of free_wi_fi, paid_wi_fi');
    expect(attributeProblem({ pay_credit_card_types_accepted: ['visa', 'bitcoin'] })?.message).toMatch(
      /^Credit cards accepted is a list of american_express/,
    );
  });

  it('applies food and drink attributes to such categories only, and says values in words', () => {
    const dineIn = listingAttribute('has_dine_in')!;
    expect(isFoodCategory('gcid:italian_restaurant')).toBe(true);
    expect(isFoodCategory('gcid:coffee_shop')).toBe(true);
    expect(isFoodCategory('gcid:barber_shop')).toBe(false);
    expect(isFoodCategory('gcid:dentist')).toBe(false);
    expect(attributeApplies(dineIn, 'gcid:dentist')).toBe(false);
    expect(attributeApplies(dineIn, null)).toBe(true);
    expect(attributeApplies(listingAttribute('has_wifi')!, 'gcid:dentist')).toBe(true);
    expect(attributeValueText('has_wifi', false)).toBe('No');
    expect(attributeValueText('pay_credit_card_types_accepted', ['visa', 'jcb'])).toBe('Visa, JCB');
    expect(attributeValueText('wi_fi', undefined)).toBe('not set');
  });
});
