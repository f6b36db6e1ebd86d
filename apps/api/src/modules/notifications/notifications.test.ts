import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations, notificationSettings, reviews, users } from '../../db/schema';
import { jobQueueFor } from '../../platform/jobs';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { listOutbox } from '../outbox/repository';
import { createReportingWorld, insertReviews, type ReportingWorld } from '../statistics/test/reportingData';
import { foreignLocation } from '../locations/test/world';
import { DIGESTS_JOB, notifyNewReviews } from './service';
import { identitiesChanged } from '../../platform/identityCache';

describeEachDatabase('Notifications', (use) => {
  let world: ReportingWorld;
  let foreign: Awaited<ReturnType<typeof foreignLocation>>;
  const tokens = new Map<string, string>();
  async function call(email: string, method: 'GET' | 'POST', payload?: unknown, language?: string) {
    if (!tokens.has(email)) tokens.set(email, (await signIn(use().app, email)).access_token);
    return use().app.inject({
      method,
      url: '/v2/api/notifications/reviews',
      headers: { ...bearer(tokens.get(email)!), ...(language ? { 'accept-language': language } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  const mailsTo = async (to: string) => listOutbox(use().database.db, { to, limit: 20 });
  const queue = () => jobQueueFor({ db: use().database.db });

  it("starts switched off with every rating and the company's sources to choose from", async () => {
    const { database, fx } = use();
    world = await createReportingWorld(database.db, fx.companyA.id);
    foreign = await foreignLocation(database.db, fx.companyB.id);
    const res = await call('admin@alpha.test', 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      enabled: false,
      delivery: 'instant',
      ratings: [1, 2, 3, 4, 5],
      sources: [],
      locations: [],
      kinds: ['count'],
      email: 'admin@alpha.test',
      lastSentAt: null,
    });
    expect(res.json().available.sources.map((s: { title: string }) => s.title)).toEqual([
      'Google',
      'Facebook',
      'Zomato',
      'TripAdvisor',
      'Talabat',
    ]);
    expect(res.json().available.kinds).toEqual(['count', 'message', 'post', 'comment']);
    // Beta Bank has no Messaging: only the review count kind.
    expect((await call('admin@beta.test', 'GET')).json().available.kinds).toEqual(['count']);
  });

  it('saves per user; every role has notifications, Responders and Analysts included', async () => {
    const saved = await call('responder@alpha.test', 'POST', {
      delivery: 'weekly',
      ratings: [1, 2],
      sources: ['google'],
      locations: [world.riyadh],
      kinds: ['count', 'message'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      enabled: true,
      delivery: 'weekly',
      ratings: [1, 2],
      sources: ['google'],
      locations: [world.riyadh],
      kinds: ['count', 'message'],
    });
    expect((await call('responder@alpha.test', 'GET')).json().delivery).toBe('weekly');
    expect((await call('analyst@alpha.test', 'GET')).json().enabled).toBe(false);
    expect((await call('analyst@alpha.test', 'POST', { delivery: 'daily' })).statusCode).toBe(200);
  });

  it('refuses what the user cannot choose, with a clear message', async () => {
    const post = (payload: object, email = 'admin@alpha.test') => call(email, 'POST', payload);
    expect((await post({ delivery: 'hourly' })).json().error_description).toBe(
      'delivery must be instant, daily or weekly',
    );
    expect((await post({ delivery: 'instant', ratings: [] })).json().error_description).toBe(
      'Choose at least one rating.',
    );
    expect((await post({ delivery: 'instant', ratings: [0] })).json().error_description).toBe(
      'Ratings are numbers from 1 to 5',
    );
    expect((await post({ delivery: 'instant', sources: ['yelp'] })).json().error_description).toBe(
      "Yelp is not one of the company's sources.",
    );
    expect((await post({ delivery: 'instant', locations: [foreign.locationId] })).json().error_description).toBe(
      `Location ${foreign.locationId} is not one you can see.`,
    );
    expect((await post({ delivery: 'instant', kinds: ['post'] }, 'admin@beta.test')).json().error_description).toBe(
      'Notifications about posts need the Messaging feature.',
    );
    // In Arabic each kind is worded on its own (not an English kind with a plural ending).
    const inArabic = await call('admin@beta.test', 'POST', { delivery: 'instant', kinds: ['comment'] }, 'ar');
    expect(inArabic.json()).toMatchObject({
      error_description: 'تتطلب إشعارات التعليقات ميزة المراسلة.',
      details: [{ field: 'kinds', message: 'تتطلب إشعارات التعليقات ميزة المراسلة.' }],
    });
  });

  it('mails instantly through the job queue, only the reviews each user asked for and may see', async () => {
    const { database, fx } = use();
    await call('admin@alpha.test', 'POST', {
      delivery: 'instant',
      ratings: [1, 2],
      locations: [world.marina, world.downtown],
    });
    // The manager sees only Downtown and wants everything.
    await database.db
      .update(users)
      .set({ locationIds: [world.downtown] })
      .where(eq(users.id, fx.companyA.manager.id));
    identitiesChanged(); // changed outside the API: the kept user row is stale
    await call('manager@alpha.test', 'POST', { delivery: 'instant' });
    const ids = await insertReviews(database.db, fx.companyA.id, world, [
      {
        key: 'n1',
        location: 'marina',
        source: 'google',
        rating: 1,
        day: '2025-04-01',
        text: 'Cold food and a long wait.',
      },
      { key: 'n2', location: 'marina', source: 'google', rating: 5, day: '2025-04-01', text: 'Lovely!' },
      { key: 'n3', location: 'downtown', source: 'zomato', rating: 2, day: '2025-04-01', text: 'Rude staff.' },
      { key: 'n4', location: 'riyadh', source: 'google', rating: 1, day: '2025-04-01' },
    ]);
    await notifyNewReviews(database.db, queue(), fx.companyA.id, Object.values(ids));
    expect(await mailsTo('admin@alpha.test')).toHaveLength(0);
    await queue().runDue();
    const [adminMail] = await mailsTo('admin@alpha.test');
    expect(adminMail!.subject).toBe('2 new reviews for Alpha Restaurants');
    expect(adminMail!.text).toContain(
      '★☆☆☆☆ 1/5 · Google · Alpha Grill Marina · Author n1: "Cold food and a long wait."',
    );
    expect(adminMail!.text).toContain('Zomato · Alpha Grill Downtown');
    expect(adminMail!.text).not.toContain('Lovely');
    expect(adminMail!.links).toEqual(['http://reputo.test/reviews']);
    const managerMails = await mailsTo('manager@alpha.test');
    expect(managerMails.map((m) => m.subject)).toEqual(['New 2-star review for Alpha Grill Downtown on Zomato']);
    // The weekly subscriber got nothing instantly; nobody in another company did either.
    expect(await mailsTo('responder@alpha.test')).toHaveLength(0);
    expect((await call('admin@alpha.test', 'GET')).json().lastSentAt).not.toBeNull();
    await database.db.update(users).set({ locationIds: null }).where(eq(users.id, fx.companyA.manager.id));
    identitiesChanged(); // changed outside the API: the kept user row is stale
  });

  it('sends a daily or weekly digest when it is due, with figures and the kinds asked for; nothing new sends nothing', async () => {
    const { database, fx } = use();
    await call('admin@alpha.test', 'POST', {
      delivery: 'daily',
      ratings: [1, 2, 3, 4, 5],
      kinds: ['count', 'message'],
    });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await database.db
      .update(notificationSettings)
      .set({ lastDigestAt: twoDaysAgo })
      .where(eq(notificationSettings.userId, fx.companyA.admin.id));
    await database.db.insert(conversations).values({
      companyId: fx.companyA.id,
      locationId: world.marina,
      channel: 'facebook',
      customerName: 'Mona',
      lastMessage: 'Are you open?',
      lastMessageAt: new Date(),
    });
    await queue().enqueue(DIGESTS_JOB);
    await queue().runDue();
    const [digest] = await mailsTo('admin@alpha.test');
    expect(digest!.subject).toBe('Your daily Reputo digest for Alpha Restaurants');
    // The 13 reviews of this file's world and the 4 new ones arrived in the last two days.
    expect(digest!.text).toContain('17 new reviews, average rating');
    expect(digest!.text).toContain('1 conversation with new messages.');
    expect(digest!.text).toContain('Reviews to look at first:');
    // Not due again until a day has passed.
    await queue().enqueue(DIGESTS_JOB);
    await queue().runDue();
    expect(await mailsTo('admin@alpha.test')).toHaveLength(2);
    // A due period with nothing new moves the window on without a mail.
    await database.db
      .update(reviews)
      .set({ fetchedAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(reviews.companyId, fx.companyA.id));
    await database.db
      .update(conversations)
      .set({ lastMessageAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(conversations.companyId, fx.companyA.id));
    await database.db
      .update(notificationSettings)
      .set({ lastDigestAt: new Date(Date.now() - 86_400_000 - 1000) })
      .where(eq(notificationSettings.userId, fx.companyA.admin.id));
    await database.db
      .update(notificationSettings)
      .set({ enabled: false })
      .where(eq(notificationSettings.userId, fx.companyA.manager.id));
    await queue().enqueue(DIGESTS_JOB);
    await queue().runDue();
    expect(await mailsTo('admin@alpha.test')).toHaveLength(2);
    const [row] = await database.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, fx.companyA.admin.id));
    expect(Date.now() - row!.lastDigestAt!.getTime()).toBeLessThan(60_000);
  });
});
