import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms';

describe('SMS segments', () => {
  it('counts GSM-7 texts in parts of 160, then 153, extension characters twice', () => {
    expect(smsSegments('')).toMatchObject({ segments: 0, units: 0 });
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1, perSegment: 160 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2, perSegment: 153 });
    expect(smsSegments('€'.repeat(80))).toMatchObject({ units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts a text with any other character as UCS-2: 70, then 67', () => {
    expect(smsSegments('شكرا'.repeat(17) + 'ab')).toEqual({
      encoding: 'UCS-2',
      units: 70,
      segments: 1,
      perSegment: 70,
    });
    expect(smsSegments('a'.repeat(70) + '😀')).toMatchObject({ encoding: 'UCS-2', units: 72, segments: 2 });
  });
});
