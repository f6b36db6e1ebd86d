import { describe, it, expect } from 'vitest';
import { COMPETITOR_SOURCES_MESSAGE } from './messages';
import {
  SOURCES,
  sourceByValue,
  sourceTitle,
  DELIVERY_PLATFORMS,
  DELIVERY_SOURCES,
  isDeliverySource,
  MAX_COMPETITOR_SOURCES,
  competitorSourcesFor,
  competitorSourcesError,
  validateSourceUrl,
  SOURCE_URL_MESSAGE,
} from './sources';
import { defaultSourcesForType, COMPANY_TYPES } from './companyTypes';

const UUID_A = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const UUID_B = 'A1B2C3D4-E5F6-4789-ABCD-0123456789EF';

describe('source catalogue', () => {
  it('has unique lowercase values and 1-based consecutive positions', () => {
    const values = SOURCES.map((s) => s.value);
    expect(new Set(values).size).toBe(values.length);
    for (const v of values) expect(v).toMatch(/^[a-z0-9]+$/);
    expect(SOURCES.map((s) => s.positionInList)).toEqual(SOURCES.map((_, i) => i + 1));
  });

  it('lists the main sources first and about 100 additional ones', () => {
    const firstAdditional = SOURCES.findIndex((s) => s.isAdditionalSource);
    expect(SOURCES.slice(firstAdditional).every((s) => s.isAdditionalSource)).toBe(true);
    const additional = SOURCES.filter((s) => s.isAdditionalSource).length;
    expect(additional).toBeGreaterThanOrEqual(95);
    for (const v of [
      'google',
      'facebook',
      'foursquare',
      'zomato',
      'tripadvisor',
      'talabat',
      'hungerstation',
      'reserveout',
      'booking',
      'expedia',
      'feedback',
      'instagram',
    ]) {
      expect(sourceByValue(v)?.isAdditionalSource).toBe(false);
    }
    for (const v of [
      'yelp',
      'trustpilot',
      'amazon',
      'glassdoor',
      'indeed',
      'appstore',
      'googleplay',
      'capterra',
      'g2',
      'opentable',
      'agoda',
      'hotelscom',
      'airbnb',
      'careem',
      'noon',
      'carrefour',
    ]) {
      expect(sourceByValue(v)?.isAdditionalSource).toBe(true);
    }
  });

  it('knows every default source of every company type', () => {
    for (const type of COMPANY_TYPES)
      for (const v of defaultSourcesForType(type)) expect(sourceByValue(v)).toBeDefined();
  });

  it('gives titles and falls back to the value', () => {
    expect(sourceTitle('feedback')).toBe('Feedback');
    expect(sourceTitle('hungerstation')).toBe('HungerStation');
    expect(sourceTitle('no-such-source')).toBe('no-such-source');
    expect(sourceByValue('no-such-source')).toBeUndefined();
  });

  it('marks the delivery platforms', () => {
    expect(DELIVERY_PLATFORMS).toEqual(['Deliveroo', 'Chatfood', 'Ubereats', 'Doordash', 'HungerStation', 'Keeta']);
    expect([...DELIVERY_SOURCES].sort()).toEqual([
      'chatfood',
      'deliveroo',
      'doordash',
      'hungerstation',
      'keeta',
      'ubereats',
    ]);
    expect(isDeliverySource('ubereats')).toBe(true);
    expect(isDeliverySource('google')).toBe(false);
  });
});

describe('competitor sources', () => {
  it('keeps only company sources, never feedback, each once', () => {
    expect(
      competitorSourcesFor(
        ['google', 'facebook', 'feedback', 'yelp'],
        ['yelp', 'feedback', 'zomato', 'google', 'yelp'],
      ),
    ).toEqual(['yelp', 'google']);
  });

  it('allows 4 and refuses a fifth with the spec message', () => {
    expect(MAX_COMPETITOR_SOURCES).toBe(4);
    expect(competitorSourcesError(['a', 'b', 'c', 'd'])).toBeNull();
    expect(competitorSourcesError(['a', 'b', 'c', 'd', 'e'])).toBe(
      "You can't select more than 4 sources for competitors.",
    );
    expect(COMPETITOR_SOURCES_MESSAGE).toBe("You can't select more than 4 sources for competitors.");
  });
});

describe('validateSourceUrl: Google', () => {
  const accepted = [
    'https://www.google.com/maps?cid=12345678901234567890',
    'http://google.com/maps?cid=1',
    'https://google.ae/maps?cid=42',
    'https://www.google.co.uk/maps?cid=42&hl=en',
    'https://www.google.com.sa/maps?cid=42',
    'https://www.google.com/?cid=42',
    'https://maps.google.com/?cid=42',
    'https://google.de/?cid=42',
    'https://www.google.com/maps/place/Burj+Khalifa/@25.19,55.27,17z/data=!3m1',
    'https://google.co.uk/maps/place/Some+Cafe',
    'HTTPS://WWW.GOOGLE.COM/MAPS?CID=7',
  ];
  it.each(accepted)('accepts %s', (url) => expect(validateSourceUrl('google', url)).toBe(true));

  const rejected = [
    'https://evil.com/google.com/maps?cid=1',
    'https://google.com.evil.io/maps?cid=1',
    'https://evilgoogle.com/maps?cid=1',
    'https://google.com@evil.com/maps?cid=1',
    'https://www.google.com/maps',
    'https://www.google.com/maps?cid=',
    'https://www.google.com/search?q=cafe',
    'https://www.google.com/maps/place/',
    'ftp://google.com/maps?cid=1',
    'google.com/maps?cid=1',
    ' https://google.com/maps?cid=1',
    '',
  ];
  it.each(rejected)('rejects %j', (url) => expect(validateSourceUrl('google', url)).toBe(false));
});

describe('validateSourceUrl: Chatfood', () => {
  it('accepts its own host and a dashboard address with two UUIDs', () => {
    expect(validateSourceUrl('chatfood', 'https://chatfood.io/some-restaurant')).toBe(true);
    expect(validateSourceUrl('chatfood', 'https://www.chatfood.io/some-restaurant')).toBe(true);
    expect(validateSourceUrl('chatfood', `https://dashboard.chatfood.io/business/${UUID_A}/outlets/${UUID_B}`)).toBe(
      true,
    );
    expect(
      validateSourceUrl(
        'chatfood',
        `https://dashboard.chatfood.io/business/${UUID_A}/outlets/${UUID_B}/reviews?page=2`,
      ),
    ).toBe(true);
  });

  it('rejects dashboard addresses without proper UUIDs', () => {
    expect(validateSourceUrl('chatfood', 'https://dashboard.chatfood.io/business/123/outlets/456')).toBe(false);
    expect(validateSourceUrl('chatfood', `https://dashboard.chatfood.io/business/${UUID_A}/outlets/not-a-uuid`)).toBe(
      false,
    );
    expect(
      validateSourceUrl('chatfood', `https://dashboard.chatfood.io/business/${UUID_A.slice(0, -1)}/outlets/${UUID_B}`),
    ).toBe(false);
    expect(validateSourceUrl('chatfood', `https://dashboard.chatfood.io/business/${UUID_A}x/outlets/${UUID_B}`)).toBe(
      false,
    );
    expect(validateSourceUrl('chatfood', `https://dashboard.chatfood.io/outlets/${UUID_B}`)).toBe(false);
    expect(validateSourceUrl('chatfood', `https://dashboard.evil.io/business/${UUID_A}/outlets/${UUID_B}`)).toBe(false);
  });
});

describe('validateSourceUrl: other providers', () => {
  it('accepts the host after http(s) with an optional www', () => {
    expect(validateSourceUrl('yelp', 'https://www.yelp.com/biz/cafe-dubai')).toBe(true);
    expect(validateSourceUrl('yelp', 'https://yelp.com/biz/cafe-dubai')).toBe(true);
    expect(validateSourceUrl('yelp', 'http://yelp.co.uk/biz/cafe')).toBe(true);
    expect(validateSourceUrl('tripadvisor', 'https://www.tripadvisor.co.uk/Restaurant_Review-g1-d2')).toBe(true);
    expect(validateSourceUrl('facebook', 'https://www.facebook.com/mycafe')).toBe(true);
    expect(validateSourceUrl('booking', 'https://www.booking.com/hotel/ae/x.html')).toBe(true);
    expect(validateSourceUrl('trustpilot', 'https://uk.trustpilot.com/review/example.com')).toBe(true);
    expect(validateSourceUrl('appstore', 'https://apps.apple.com/us/app/x/id123')).toBe(true);
    expect(validateSourceUrl('googleplay', 'https://play.google.com/store/apps/details?id=com.x')).toBe(true);
    expect(validateSourceUrl('talabat', 'https://www.talabat.com')).toBe(true);
    expect(validateSourceUrl('deliveroo', 'https://deliveroo.ae/menu/dubai/x')).toBe(true);
  });

  it('rejects lookalike hosts, other subdomains and missing schemes', () => {
    expect(validateSourceUrl('yelp', 'https://evil.com/yelp.com')).toBe(false);
    expect(validateSourceUrl('yelp', 'https://yelp.com.evil.io/biz/x')).toBe(false);
    expect(validateSourceUrl('yelp', 'https://notyelp.com/biz/x')).toBe(false);
    expect(validateSourceUrl('yelp', 'https://yelp.com@evil.com/biz')).toBe(false);
    expect(validateSourceUrl('yelp', 'https://yelp.com:x@evil.com/biz')).toBe(false);
    expect(validateSourceUrl('yelp', 'https://shop.yelp.com/biz/x')).toBe(false);
    expect(validateSourceUrl('yelp', 'www.yelp.com/biz/x')).toBe(false);
    expect(validateSourceUrl('yelp', 'javascript://yelp.com/%0aalert(1)')).toBe(false);
    expect(validateSourceUrl('booking', 'https://www.google.com/maps?cid=1')).toBe(false);
    expect(validateSourceUrl('facebook', 'https://facebook.com.evil.io/x')).toBe(false);
  });

  it('accepts a port but not whitespace', () => {
    expect(validateSourceUrl('yelp', 'https://yelp.com:443/biz/x')).toBe(true);
    expect(validateSourceUrl('yelp', 'https://yelp.com/biz/x y')).toBe(false);
  });

  it('never accepts an address for feedback or an unknown source', () => {
    expect(validateSourceUrl('feedback', 'https://example.com')).toBe(false);
    expect(validateSourceUrl('nosuch', 'https://example.com')).toBe(false);
  });

  it('accepts a sample address for every source with a host', () => {
    for (const s of SOURCES) {
      if (s.value === 'google' || !s.pattern) continue;
      const host = sampleHost(s.pattern);
      expect(validateSourceUrl(s.value, `https://${host}/x`), `${s.value} ${host}`).toBe(true);
      expect(validateSourceUrl(s.value, `https://${host}.evil.io/x`), `${s.value} lookalike`).toBe(false);
    }
  });

  it('words the failure message with the title', () => {
    expect(SOURCE_URL_MESSAGE('Yelp')).toBe('Please enter a valid Yelp address.');
  });
});

/** A concrete host from a pattern: country TLDs as .com, the first alternative, optional groups dropped. */
function sampleHost(pattern: string): string {
  const countryTld = '(?:com|[a-z]{2}|co\\.[a-z]{2}|com\\.[a-z]{2})';
  const first = pattern.split(countryTld).join('com').split('|')[0];
  return first.replace(/\(\?:[^)]*\)\?/g, '').replace(/\\\./g, '.');
}
