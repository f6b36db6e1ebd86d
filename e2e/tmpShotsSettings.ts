import { launchChromium, signInAt, DESKTOP } from './support/chromium';
import { englishLeft, clippedTexts } from './support/arabic';

const BASE = 'http://localhost:3914';
const PAGES = [
  ['notifications', '/settings/notifications'],
  ['competitors', '/settings/competitors'],
  ['locations', '/settings/locations'],
  ['response', '/settings/response'],
  ['team', '/settings/team_access'],
  ['categories', '/settings/other/reviewCategories'],
  ['integrations', '/settings/other/thirdPartyLogin'],
];

const only = process.argv[2];
const browser = await launchChromium();
const context = await browser.newContext({ baseURL: BASE, viewport: DESKTOP });
const page = await context.newPage();
await page.addInitScript('window.__name = (f) => f;');
await page.addInitScript(() => localStorage.setItem('reputo.language', 'ar'));
let first = true;
for (const [name, path] of PAGES) {
  if (only && !name.startsWith(only)) continue;
  if (first) await signInAt(page, 'admin@reputo.test', path);
  else await page.goto(BASE + path);
  first = false;
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots-settings/${name}.png`, fullPage: true });
  console.log(name, JSON.stringify(await englishLeft(page)), JSON.stringify(await clippedTexts(page)));
  if (name === 'team') {
    await page.getByRole('button', { name: 'دعوة عضو' }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots-settings/team-invite.png` });
    console.log('invite', JSON.stringify(await englishLeft(page)));
    await page.keyboard.press('Escape');
  }
  if (name === 'locations') {
    await page.getByTestId('location-add').click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots-settings/location-drawer.png` });
    console.log('drawer', JSON.stringify(await englishLeft(page)));
    await page.keyboard.press('Escape');
  }
  if (name === 'response') {
    for (const tab of ['القوالب', 'الرد التلقائي', 'الترجمة', 'معدل الرد']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForTimeout(1000);
      await page.screenshot({ path: `/tmp/shots-settings/response-${tab}.png`, fullPage: true });
      console.log('response', tab, JSON.stringify(await englishLeft(page)));
    }
  }
}
await browser.close();
