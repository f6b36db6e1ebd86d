import { describe, expect, it } from 'vitest';
import { call, token } from './support/api';
import { baseURL, DESKTOP, newPage, screenshot, signInAt, useBrowser } from './support/browser';

useBrowser();

interface AlertList {
  total: number;
  data: { id: number; location_id: number; reviews: { id: number }[] }[];
}

describe('review-bombing alerts', () => {
  it('shows an alert raised by reviews sent to the public API above the review list, and acknowledges it', async () => {
    const admin = await token('admin@reputo.test');
    const owner = await token('owner@reputo.test');
    const me = await call<{ client: number }>(admin, 'GET', '/v2/api/me');
    const key = (await call<{ accessToken: string }>(owner, 'POST', `/v2/api/admin/companies/${me.client}/accessToken`))
      .accessToken;
    const [location] = (await call<{ locations: { id: number }[] }>(admin, 'GET', '/v2/api/locations/shortinfo'))
      .locations;
    // First-party feedback, so the test can delete its reviews afterwards and leave the demo data as it was.
    const now = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${baseURL()}/v2/public/reviews`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({
          source: 'feedback',
          source_review_id: `e2e-bomb-${now}-${i}`,
          location_id: location!.id,
          rating: 1 + (i % 2),
          text: ['Worst service ever', 'Never coming back', 'Cold food and rude staff'][i % 3],
          author_name: `Angry guest ${i + 1}`,
          date: new Date(now - (12 - i) * 5 * 60_000).toISOString(),
        }),
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
    try {
      // The server's job runner checks the company once the 2-second slice of the last write is over.
      await expect
        .poll(async () => (await call<AlertList>(admin, 'GET', '/v2/api/reviewAlerts')).total, { timeout: 15_000 })
        .toBe(1);
      const page = await newPage(DESKTOP);
      await signInAt(page, 'admin@reputo.test', '/reviews');
      const alert = page.getByTestId('review-alert');
      await alert.waitFor();
      expect(await alert.innerText()).toContain('Possible review bombing');
      await alert.getByRole('button', { name: /List \d+ reviews/ }).click();
      await page.getByTestId('review-alert-reviews').waitFor();
      // The alert lists the burst's reviews it was raised on (under load the check may run before the
      // twelfth is written: which of them it lists is not the point).
      expect(await page.getByTestId('review-alert-reviews').innerText()).toMatch(/Angry guest \d+: /);
      await screenshot(page, 'reviews-alert');
      await alert.getByRole('button', { name: 'Acknowledge' }).click();
      await alert.waitFor({ state: 'detached' });
      expect((await call<AlertList>(admin, 'GET', '/v2/api/reviewAlerts')).total).toBe(0);
    } finally {
      for (const id of ids) await call(admin, 'DELETE', `/v2/api/reviews/${id}`);
    }
  });
});
