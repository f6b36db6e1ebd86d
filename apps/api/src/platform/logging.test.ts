import { describe, expect, it } from 'vitest';
import { maskTokens } from '../app';

describe('Request logging', () => {
  it('masks tokens in paths and query strings', () => {
    expect(maskTokens('/v2/api/password/abc123?x=1')).toBe('/v2/api/password/***?x=1');
    expect(maskTokens('/v2/api/invitation/tok')).toBe('/v2/api/invitation/***');
    expect(maskTokens('/v2/api/statistics/export?date_from=2026-01-01&access_token=eyJhbGci.x.y&sources=google')).toBe('/v2/api/statistics/export?date_from=2026-01-01&access_token=***&sources=google');
    expect(maskTokens('/reviews?auth_token=secret')).toBe('/reviews?auth_token=***');
  });
});
