import { describe, it, expect } from 'vitest';
import {
  RATING_MIN,
  RATING_MAX,
  isRating,
  unreadBadgeText,
  REDIRECT_AFTER_CONFIRMED_MS,
  INVITATION_NOTICE_MS,
  ERROR_CLEAR_MS,
  UNREAD_LOAD_DELAY_MS,
  EXPORT_POLL_MS,
  MOBILE_BREAKPOINT,
  NARROW_FORM_BREAKPOINT,
  EMBED_VIEWS,
  DEFAULT_WEEK_START,
  NOTIFICATION_KINDS,
  MAINTENANCE_TITLE,
  MAINTENANCE_WINDOW,
  NOT_FOUND_TEXT,
  SERVER_ERROR_TEXT,
  ANNOUNCEMENT_TEXT,
} from './constants';

describe('constants', () => {
  it('match spec 000 section 9', () => {
    expect([RATING_MIN, RATING_MAX]).toEqual([1, 5]);
    expect(REDIRECT_AFTER_CONFIRMED_MS).toBe(4000);
    expect(INVITATION_NOTICE_MS).toBe(5500);
    expect(ERROR_CLEAR_MS).toBe(100);
    expect(UNREAD_LOAD_DELAY_MS).toBe(1000);
    expect(EXPORT_POLL_MS).toBe(300);
    expect(MOBILE_BREAKPOINT).toBe(992);
    expect(NARROW_FORM_BREAKPOINT).toBe(460);
    expect(EMBED_VIEWS).toEqual(['2', '3']);
    expect(DEFAULT_WEEK_START).toBe(7);
    expect(NOTIFICATION_KINDS).toEqual(['count', 'message', 'post', 'comment']);
    expect(MAINTENANCE_TITLE).toBe('Scheduled Maintenance');
    expect(MAINTENANCE_WINDOW).toEqual({ startHour: 9, endHour: 11, timeZone: 'Asia/Dubai' });
    expect(NOT_FOUND_TEXT).toBe('Oops, an error has occurred. Page not found!');
    expect(SERVER_ERROR_TEXT).toBe('Sorry, server goes wrong');
    expect(ANNOUNCEMENT_TEXT).toContain('December 25th');
  });

  it('caps the unread badge at 99+', () => {
    expect(unreadBadgeText(0)).toBe('0');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });

  it('knows a rating', () => {
    expect(isRating(1)).toBe(true);
    expect(isRating(5)).toBe(true);
    expect(isRating(0)).toBe(false);
    expect(isRating(4.5)).toBe(false);
    expect(isRating('5')).toBe(false);
  });
});
