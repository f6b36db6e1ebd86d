import { describe, expect, it } from 'vitest';
import {
  checkEmbedAccess,
  decodeEmbedState,
  hidesHeader,
  parseColour,
  parseFrameOrigin,
  readEmbedParams,
  readEmbedTheme,
} from './embed';

function state(obj: object): string {
  return Buffer.from(JSON.stringify(obj)).toString('base64');
}

describe('embed parameters', () => {
  it('reads auth_token, view and locations from the query', () => {
    expect(readEmbedParams('?auth_token=abc&view=2&locations=1,2')).toEqual({
      authToken: 'abc',
      view: '2',
      locations: [1, 2],
    });
  });
  it('reads them from a base64 state', () => {
    const s = state({ auth_token: 'tok', view: 3, locations: [5, 6] });
    expect(readEmbedParams(`?state=${encodeURIComponent(s)}`)).toEqual({
      authToken: 'tok',
      view: '3',
      locations: [5, 6],
    });
  });
  it('accepts URL-safe base64 and ignores broken state', () => {
    const s = state({ auth_token: 'a?>b', view: '2' }).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeEmbedState(s).authToken).toBe('a?>b');
    expect(readEmbedParams('?state=%%%')).toEqual({ authToken: null, view: null, locations: null });
    expect(readEmbedParams(`?state=${state([1, 2])}`).authToken).toBeNull();
  });
});

describe('embed guard', () => {
  const params = { authToken: 't', view: '2', locations: null };
  it('lets a signed-in user through anywhere', () => {
    expect(
      checkEmbedAccess({
        signedIn: true,
        pathname: '/dashboard',
        params: { authToken: null, view: null, locations: null },
      }),
    ).toEqual({ allowed: true });
  });
  it.each(['/reporting/overview', '/reporting/insights', '/reviews', '/reviews/12', '/settings/other/thirdPartyLogin'])(
    'allows %s',
    (pathname) => {
      expect(checkEmbedAccess({ signedIn: false, pathname, params })).toEqual({ allowed: true });
      expect(checkEmbedAccess({ signedIn: false, pathname, params: { ...params, view: '3' } })).toEqual({
        allowed: true,
      });
    },
  );
  it('names the three reasons in order', () => {
    expect(
      checkEmbedAccess({
        signedIn: false,
        pathname: '/reviews',
        params: { authToken: null, view: '2', locations: null },
      }),
    ).toEqual({
      allowed: false,
      reason: 'Authentication required',
    });
    expect(checkEmbedAccess({ signedIn: false, pathname: '/reviews', params: { ...params, view: '1' } })).toEqual({
      allowed: false,
      reason: 'Invalid view mode',
    });
    expect(checkEmbedAccess({ signedIn: false, pathname: '/reviews', params: { ...params, view: null } })).toEqual({
      allowed: false,
      reason: 'Invalid view mode',
    });
    for (const pathname of ['/dashboard', '/reporting/trends', '/reviewsx', '/settings/notifications']) {
      expect(checkEmbedAccess({ signedIn: false, pathname, params })).toEqual({
        allowed: false,
        reason: 'Route is not accessible in iframe mode',
      });
    }
  });
  it('hides the header on /reviews with a view parameter', () => {
    expect(hidesHeader('/reviews', '?view=2')).toBe(true);
    expect(hidesHeader('/reviews', '')).toBe(false);
    expect(hidesHeader('/reporting/overview', '?view=2')).toBe(false);
  });
});

describe('embed theme', () => {
  it('reads the six colours and the mode', () => {
    const t = readEmbedTheme(
      '?dark&font=fff&background=%23101820&backgroundFont=white&buttonBackground=rgb(1,2,3)&buttonFont=000&buttonHover=abcdef',
    );
    expect(t).toEqual({
      mode: 'dark',
      colours: {
        font: '#fff',
        background: '#101820',
        backgroundFont: 'white',
        buttonBackground: 'rgb(1,2,3)',
        buttonFont: '#000',
        buttonHover: '#abcdef',
      },
    });
    expect(readEmbedTheme('?colour').mode).toBe('colour');
    expect(readEmbedTheme('?view=2').mode).toBeNull();
  });
  it('refuses values that are not colours', () => {
    expect(parseColour('red;background:url(x)')).toBeNull();
    expect(parseColour('#12')).toBeNull();
    expect(parseColour('')).toBeNull();
  });
});

describe('frame origins', () => {
  it('takes a scheme and host with an optional port, normalised', () => {
    expect(parseFrameOrigin('https://Portal.Example.com/')).toBe('https://portal.example.com');
    expect(parseFrameOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(parseFrameOrigin('https://example.com:443')).toBe('https://example.com');
  });

  it('refuses paths, other schemes, wildcards, credentials and keywords', () => {
    for (const bad of [
      'https://example.com/page',
      'ftp://example.com',
      'https://*.example.com',
      'https://user@example.com',
      "'self'",
      'example.com',
      'https://a.com https://b.com',
      '',
    ]) {
      expect(parseFrameOrigin(bad), bad).toBeNull();
    }
  });
});
