import { lastDays, normalizeFeatures, toIsoDate, validateDateRange } from '@reputo/core';
import type { Db } from '../../db/client';
import { answersNpsByCompany, sumNps } from '../landingPages/nps';
import { badRequest, type ErrorDetail } from '../../platform/errors';
import {
  companyBase,
  connectionsByCompany,
  removedReviewsByCompany,
  lastReviewDays,
  locationCounts,
  periodByCompany,
  periodByDay,
  repliesByCompany,
  userFacts,
  type DayRange,
  type RollupSums,
} from './repository';

export const DEFAULT_DAYS = 30;
export const CS_REPORTS = ['overview', 'response', 'feedback', 'oauth'] as const;
export type CsReport = (typeof CS_REPORTS)[number];

/** The period of the dashboard: both days given (spec 001 section 4 rules), or the last 30 days. */
export function dashboardRange(q: { dateFrom?: string; dateTo?: string }, today = new Date()): DayRange {
  const fallback = lastDays(DEFAULT_DAYS, today);
  const range = { from: q.dateFrom || fallback.from, to: q.dateTo || fallback.to };
  const errors = validateDateRange(range, today);
  const details: ErrorDetail[] = [];
  if (errors.from) details.push({ field: 'dateFrom', message: errors.from });
  if (errors.to) details.push({ field: 'dateTo', message: errors.to });
  if (details.length) throw badRequest(details[0]!.message, details);
  return range;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const average = (s: Pick<RollupSums, 'rated' | 'ratingSum'> | undefined) =>
  s && s.rated ? round(s.ratingSum / s.rated) : null;
const rate = (part: number, whole: number) => (whole ? round((part / whole) * 100, 1) : null);
const hours = (seconds: number, replies: number) => (replies ? round(seconds / replies / 3600, 1) : null);

export async function overviewReport(db: Db, range: DayRange) {
  const [base, locs, usersBy, period, days, lastDaysBy] = await Promise.all([
    companyBase(db),
    locationCounts(db),
    userFacts(db),
    periodByCompany(db, range),
    periodByDay(db, range),
    lastReviewDays(db),
  ]);
  const data = base.map((c) => {
    const p = period.get(c.id);
    const u = usersBy.get(c.id);
    return {
      id: c.id,
      company_name: c.name,
      partner_name: c.partnerName,
      type: c.type,
      package: c.package,
      status: c.status,
      locations: locs.get(c.id) ?? 0,
      users: u?.users ?? 0,
      reviews: p?.reviews ?? 0,
      avgRating: average(p),
      responseRate: rate(p?.responded ?? 0, p?.reviews ?? 0),
      lastReviewDay: lastDaysBy.get(c.id) ?? null,
      lastLoginAt: u?.lastLoginAt?.toISOString() ?? null,
    };
  });
  const all = [...period.values()];
  const reviews = all.reduce((s, p) => s + p.reviews, 0);
  const rated = all.reduce((s, p) => s + p.rated, 0);
  const ratingSum = all.reduce((s, p) => s + p.ratingSum, 0);
  const responded = all.reduce((s, p) => s + p.responded, 0);
  return {
    range,
    totals: {
      companies: base.length,
      activeCompanies: base.filter((c) => c.status === 'active').length,
      locations: data.reduce((s, c) => s + c.locations, 0),
      reviews,
      avgRating: average({ rated, ratingSum }),
      responseRate: rate(responded, reviews),
    },
    daily: days.map((d) => ({ day: d.day, reviews: d.reviews, responded: d.responded, avgRating: average(d) })),
    data,
  };
}

export async function responseReport(db: Db, range: DayRange) {
  const [base, period, replies] = await Promise.all([
    companyBase(db),
    periodByCompany(db, range),
    repliesByCompany(db, range),
  ]);
  const replyFacts = new Map<
    number,
    { posted: number; failed: number; draft: number; manual: number; template: number; ai: number; auto: number }
  >();
  for (const r of replies) {
    const f = replyFacts.get(r.companyId) ?? { posted: 0, failed: 0, draft: 0, manual: 0, template: 0, ai: 0, auto: 0 };
    if (r.status === 'posted' || r.status === 'failed' || r.status === 'draft') f[r.status] += r.n;
    if (r.origin === 'manual' || r.origin === 'template' || r.origin === 'ai' || r.origin === 'auto')
      f[r.origin] += r.n;
    replyFacts.set(r.companyId, f);
  }
  const data = base.map((c) => {
    const p = period.get(c.id);
    const f = replyFacts.get(c.id);
    return {
      id: c.id,
      company_name: c.name,
      partner_name: c.partnerName,
      reviews: p?.reviews ?? 0,
      responded: p?.responded ?? 0,
      responseRate: rate(p?.responded ?? 0, p?.reviews ?? 0),
      avgResponseHours: hours(p?.responseSeconds ?? 0, p?.responded ?? 0),
      posted: f?.posted ?? 0,
      failed: f?.failed ?? 0,
      auto: f?.auto ?? 0,
      ai: f?.ai ?? 0,
      template: f?.template ?? 0,
      manual: f?.manual ?? 0,
    };
  });
  const sum = (k: 'reviews' | 'responded' | 'posted' | 'failed' | 'auto' | 'ai' | 'template' | 'manual') =>
    data.reduce((s, c) => s + c[k], 0);
  const seconds = [...period.values()].reduce((s, p) => s + p.responseSeconds, 0);
  return {
    range,
    totals: {
      reviews: sum('reviews'),
      responded: sum('responded'),
      responseRate: rate(sum('responded'), sum('reviews')),
      avgResponseHours: hours(seconds, sum('responded')),
      posted: sum('posted'),
      failed: sum('failed'),
      byOrigin: { manual: sum('manual'), template: sum('template'), ai: sum('ai'), auto: sum('auto') },
    },
    data,
  };
}

export async function feedbackReport(db: Db, range: DayRange) {
  const [base, period, days, answers] = await Promise.all([
    companyBase(db),
    periodByCompany(db, range, 'feedback'),
    periodByDay(db, range, 'feedback'),
    answersNpsByCompany(db, range),
  ]);
  const data = base.map((c) => {
    const p = period.get(c.id);
    const a = answers.get(c.id);
    return {
      id: c.id,
      company_name: c.name,
      partner_name: c.partnerName,
      featureOn: normalizeFeatures(c.features).includes('feedback'),
      feedback: p?.reviews ?? 0,
      avgRating: average(p),
      positive: p?.positive ?? 0,
      neutral: p?.neutral ?? 0,
      negative: p?.negative ?? 0,
      responded: p?.responded ?? 0,
      // The landing pages' answers and their Net Promoter Score.
      answers: a?.responses ?? 0,
      nps: a?.nps ?? null,
    };
  });
  const all = [...period.values()];
  const allAnswers = sumNps([...answers.values()]);
  const total = (k: keyof RollupSums) => all.reduce((s, p) => s + p[k], 0);
  return {
    range,
    totals: {
      companiesWithFeature: data.filter((c) => c.featureOn).length,
      feedback: total('reviews'),
      avgRating: average({ rated: total('rated'), ratingSum: total('ratingSum') }),
      positive: total('positive'),
      neutral: total('neutral'),
      negative: total('negative'),
      stars: [total('stars1'), total('stars2'), total('stars3'), total('stars4'), total('stars5')],
      answers: allAnswers.responses,
      nps: allAnswers.nps,
      promoters: allAnswers.promoters,
      passives: allAnswers.passives,
      detractors: allAnswers.detractors,
    },
    daily: days.map((d) => ({ day: d.day, feedback: d.reviews, avgRating: average(d) })),
    data,
  };
}

interface Connection {
  connected: boolean;
  locations: number;
  companyWide: boolean;
  expired: number;
  updatedAt: string | null;
  /** Review sync (integrations module): the account needs a reconnect; newest and stalest location sync; locations whose last run failed. */
  reconnectNeeded: boolean;
  lastSyncAt: string | null;
  stalestSyncAt: string | null;
  failingLocations: number;
  /** Reviews a sync pass found gone from the source (kept, marked). */
  removedReviews: number;
}

const NONE: Connection = {
  connected: false,
  locations: 0,
  companyWide: false,
  expired: 0,
  updatedAt: null,
  reconnectNeeded: false,
  lastSyncAt: null,
  stalestSyncAt: null,
  failingLocations: 0,
  removedReviews: 0,
};
const isoOf = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function oauthReport(db: Db, now = new Date()) {
  const [base, locs, connections, removed] = await Promise.all([
    companyBase(db),
    locationCounts(db),
    connectionsByCompany(db, now),
    removedReviewsByCompany(db),
  ]);
  const of = (companyId: number, source: string): Connection => {
    const c = connections.find((x) => x.companyId === companyId && x.source === source);
    if (!c) return NONE;
    return {
      connected: true,
      locations: c.locations,
      companyWide: c.companyWide > 0,
      expired: c.expired,
      updatedAt: c.lastUpdated ? new Date(c.lastUpdated).toISOString() : null,
      reconnectNeeded: c.reconnectNeeded > 0,
      lastSyncAt: isoOf(c.lastSyncAt),
      stalestSyncAt: isoOf(c.stalestSyncAt),
      failingLocations: c.failing,
      removedReviews: removed.find((r) => r.companyId === companyId && r.source === source)?.n ?? 0,
    };
  };
  const data = base.map((c) => ({
    id: c.id,
    company_name: c.name,
    partner_name: c.partnerName,
    status: c.status,
    locations: locs.get(c.id) ?? 0,
    google: of(c.id, 'google'),
    facebook: of(c.id, 'facebook'),
  }));
  return {
    asOf: toIsoDate(now),
    totals: {
      companies: data.length,
      googleConnected: data.filter((c) => c.google.connected).length,
      facebookConnected: data.filter((c) => c.facebook.connected).length,
      notConnected: data.filter((c) => !c.google.connected && !c.facebook.connected).length,
      expired: data.reduce((s, c) => s + c.google.expired + c.facebook.expired, 0),
    },
    data,
  };
}
