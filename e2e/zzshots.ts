import { launchChromium, signIn, DESKTOP } from './support/chromium';

const base = process.env.BASE ?? 'http://127.0.0.1:3990';
const out = '/work/wt/shots/lead';
const browser = await launchChromium();
const ctx = await browser.newContext({ baseURL: base, viewport: DESKTOP });
const page = await ctx.newPage();
await page.goto('/');
await page.screenshot({ path: `${out}/0-root.png` });
await signIn(page, 'admin@reputo.test');
for (const [name, path] of [
  ['1-analytics', '/feedback/analytics'],
  ['2-campaigns', '/feedback/campaigns'],
  ['3-landing', '/feedback/landingPage'],
  ['4-dashboard', '/dashboard'],
] as const) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}
await page.goto('/feedback/campaigns');
await page.getByTestId('campaign-new').click();
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}/5-drawer.png` });
const phone = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
const p2 = await phone.newPage();
await signIn(p2, 'admin@reputo.test');
await p2.goto('/feedback/analytics');
await p2.waitForLoadState('networkidle');
await p2.waitForTimeout(1500);
await p2.screenshot({ path: `${out}/6-analytics-phone.png`, fullPage: true });
await browser.close();
