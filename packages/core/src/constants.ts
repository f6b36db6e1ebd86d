/** Business constants and limits of spec 000 section 9 that are not owned by another module. */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATINGS = [1, 2, 3, 4, 5] as const;
export type Rating = (typeof RATINGS)[number];

export function isRating(value: unknown): value is Rating {
  return Number.isInteger(value) && (value as number) >= RATING_MIN && (value as number) <= RATING_MAX;
}

/** Delay before going to sign-in after an already-confirmed invitation. */
export const REDIRECT_AFTER_CONFIRMED_MS = 4000;
/** How long the invitation-completed notice stays on the sign-in page. */
export const INVITATION_NOTICE_MS = 5500;
/** Auth error messages are cleared this long after being shown. */
export const ERROR_CLEAR_MS = 100;
/** The side menu loads unread totals this long after mounting. */
export const UNREAD_LOAD_DELAY_MS = 1000;
export const UNREAD_BADGE_CAP = 99;
/** Export readiness is polled this often. */
export const EXPORT_POLL_MS = 300;
/** The chat widget's session duration (spec 000 section 7). */
export const CHAT_WIDGET_SESSION_MS = 86_400_000;

/** The Messages badge: the count itself, or '99+' above 99. */
export function unreadBadgeText(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/** Below this width the sidebar becomes a drawer. */
export const MOBILE_BREAKPOINT = 992;
/** Below this width the brand form is laid out vertically. */
export const NARROW_FORM_BREAKPOINT = 460;

/** View values an embedded (iframe) request may carry. */
export const EMBED_VIEWS = ['2', '3'] as const;
export type EmbedView = (typeof EMBED_VIEWS)[number];

/** Week start in ISO numbering (7 = Sunday); each user may change it. */
export const DEFAULT_WEEK_START = 7;

/** Realtime notification kinds; the unread counter channel is named by kind 'count' and the client id. */
export const NOTIFICATION_KINDS = ['count', 'message', 'post', 'comment'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Days in the billing export's default range (the last 7 days). */
export const BILLING_EXPORT_DEFAULT_DAYS = 7;

/** The maintenance window, shown when the maintenance flag is on. */
export const MAINTENANCE_TITLE = 'Scheduled Maintenance';
export const MAINTENANCE_WINDOW = { startHour: 9, endHour: 11, timeZone: 'Asia/Dubai' } as const;
export const MAINTENANCE_TEXT =
  'We are performing scheduled maintenance from 9 AM to 11 AM Dubai time. We will be back shortly.';

export const ANNOUNCEMENT_TEXT = 'A new version will be released on December 25th.';
/** The announcement bar's text unless ANNOUNCEMENT sets another (the web app shows it in the user's language). */
export const DEFAULT_ANNOUNCEMENT = 'A new version of Reputo will be released on December 25th.';

export const NOT_FOUND_TEXT = 'Oops, an error has occurred. Page not found!';
export const SERVER_ERROR_TEXT = 'Sorry, server goes wrong';
