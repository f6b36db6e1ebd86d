import type { Page } from 'playwright-core';

/** Every CSP violation the page reports, as the browser describes it (console and DOM event). */
export async function watchViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) found.push(m.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => found.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} on ${location.pathname} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return found;
}
