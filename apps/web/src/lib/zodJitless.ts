/**
 * The server's CSP allows no eval, and zod's probe for it (a caught `new Function`) is still reported
 * as a violation: zod must run without its compiled parsers. zod keeps its settings in one object on
 * `globalThis` and takes the one it finds there, so the entry sets `jitless` without importing zod
 * (its config module brought 3 kB of zod's utilities into every screen's first load). The schemas
 * load with the screens that use them; zodJitless.test.ts checks that zod reads this setting.
 */
export function makeZodJitless(): void {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
