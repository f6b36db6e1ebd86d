import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { createReportingWorld, type ReportingWorld } from '../statistics/test/reportingData';
import { foreignLocation } from '../locations/test/world';
import { replyLanguageOverride } from './service';

describeEachDatabase('Regions (states) with a reply-language override', (use) => {
  let world: ReportingWorld;
  let foreign: Awaited<ReturnType<typeof foreignLocation>>;
  const tokens = new Map<string, string>();
  async function call(email: string, method: 'GET' | 'PATCH', url: string, payload?: unknown) {
    if (!tokens.has(email)) tokens.set(email, (await signIn(use().app, email)).access_token);
    return use().app.inject({
      method,
      url,
      headers: bearer(tokens.get(email)!),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  const titles = (list: { title: string }[]) => list.map((s) => s.title);

  it('lists the regions in two groups and moves one between them when its language changes', async () => {
    const { database, fx } = use();
    world = await createReportingWorld(database.db, fx.companyA.id);
    foreign = await foreignLocation(database.db, fx.companyB.id);
    const before = (await call('admin@alpha.test', 'GET', '/v2/api/states')).json();
    expect(before.statesWithOverrides).toEqual([]);
    expect(titles(before.statesWithoutOverrides)).toEqual(['Abu Dhabi', 'Dubai', 'Riyadh Region']);
    expect(before.statesWithoutOverrides[1]).toEqual({
      id: world.stateS1,
      title: 'Dubai',
      language: null,
      brandId: world.brandB1,
      brand: 'Alpha Grill',
      locations: 1,
    });
    expect(before.languages).toContainEqual({ code: 'ar', name: 'Arabic' });

    const riyadh = before.statesWithoutOverrides[2].id as number;
    const set = await call('manager@alpha.test', 'PATCH', `/v2/api/states/${riyadh}`, { language: 'ar' });
    expect(set.json()).toMatchObject({ id: riyadh, language: 'ar', brand: 'Alpha Express' });
    const after = (await call('admin@alpha.test', 'GET', '/v2/api/states')).json();
    expect(titles(after.statesWithOverrides)).toEqual(['Riyadh Region']);
    expect(titles(after.statesWithoutOverrides)).toEqual(['Abu Dhabi', 'Dubai']);

    expect(await replyLanguageOverride(database.db, fx.companyA.id, world.riyadh)).toBe('ar');
    expect(await replyLanguageOverride(database.db, fx.companyA.id, world.marina)).toBeNull();
    expect(await replyLanguageOverride(database.db, fx.companyB.id, world.riyadh)).toBeNull();
    // A suggested reply to an English review of a Riyadh location is written in the region's language.
    const suggest = async () =>
      (
        await call('manager@alpha.test', 'GET', `/v2/api/generageResponseWithChatGpt?reviewId=${world.reviewIds.r6}`)
      ).json();
    const arabic = await suggest();
    expect(arabic).toMatchObject({ language: 'ar', engine: 'builtin' });
    expect(arabic.text).toMatch(/[\u0600-\u06FF]/);
    await call('admin@alpha.test', 'PATCH', `/v2/api/states/${riyadh}`, { language: null });
    expect((await call('admin@alpha.test', 'GET', '/v2/api/states')).json().statesWithOverrides).toEqual([]);
    expect(await suggest()).toMatchObject({ language: 'en' });
  });

  it("refuses an unknown language, another company's region (404 like a missing one) and the roles without full settings", async () => {
    expect(
      (await call('admin@alpha.test', 'PATCH', `/v2/api/states/${world.stateS1}`, { language: 'klingon' })).json()
        .error_description,
    ).toBe('Please choose a language from the list');
    const theirs = await call('admin@alpha.test', 'PATCH', `/v2/api/states/${foreign.stateId}`, { language: 'en' });
    const missing = await call('admin@alpha.test', 'PATCH', '/v2/api/states/999999', { language: 'en' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(
      (await call('admin@beta.test', 'GET', '/v2/api/states'))
        .json()
        .statesWithoutOverrides.map((s: { title: string }) => s.title),
    ).toEqual(['Riyadh']);
    for (const email of ['responder@alpha.test', 'analyst@alpha.test']) {
      expect((await call(email, 'GET', '/v2/api/states')).statusCode).toBe(403);
      expect((await call(email, 'PATCH', `/v2/api/states/${world.stateS1}`, { language: 'en' })).statusCode).toBe(403);
    }
  });
});
