import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FRAME_PATHS } from '../../apps/web/src/app/pages/framePaths';

export const ADMIN = 'admin@reputo.test';
export const OWNER = 'owner@reputo.test';

/** Every page frame of the shell with its title, as a Master Admin (and the Owner for the admin panel). */
export const SCREENS: [email: string, path: string, title: string][] = [
  [ADMIN, '/reviews', 'Reviews'],
  [ADMIN, '/dashboard', 'Dashboard'],
  [ADMIN, '/messages', 'Messages'],
  [ADMIN, '/reporting/overview', 'Overview'],
  [ADMIN, '/reporting/trends', 'Trends'],
  [ADMIN, '/reporting/ranking_responses', 'Ranking'],
  [ADMIN, '/reporting/ratings_reviews', 'Responses'],
  [ADMIN, '/reporting/competitors', 'Competitors'],
  [ADMIN, '/reporting/insights', 'Insights Report'],
  [ADMIN, '/settings/notifications', 'Notifications'],
  [ADMIN, '/settings/competitors', 'Competitors'],
  [ADMIN, '/settings/locations', 'Locations'],
  [ADMIN, '/settings/response', 'Response'],
  [ADMIN, '/settings/team_access', 'Team Access'],
  [ADMIN, '/settings/other/reviewCategories', 'Review Categories'],
  [ADMIN, '/settings/other/thirdPartyLogin', 'Third-party Login'],
  [ADMIN, '/listing_management', 'Listing Management'],
  [ADMIN, '/feedback/landingPage', 'Landing Page'],
  [ADMIN, '/feedback/lists', 'Lists'],
  [ADMIN, '/feedback/template', 'Template'],
  [ADMIN, '/feedback/offers', 'Offers'],
  [ADMIN, '/feedback/analytics', 'Feedback Analytics'],
  [ADMIN, '/user', 'User Settings'],
  [ADMIN, '/accounts', 'Accounts Settings'],
  [OWNER, '/admin_panel/companies', 'Companies'],
  [OWNER, '/admin_panel/admin_users', 'Admin Users'],
  [OWNER, '/admin_panel/partners', 'Partners'],
  [OWNER, '/admin_panel/csdashboard', 'CS Dashboard'],
  [OWNER, '/admin_panel/systemhealth', 'System Health'],
  [OWNER, '/admin_panel/companies/new', 'Company settings'], // spec 001: the wizard's header
];

/** Areas not built yet: they say what they will do instead of waiting for data they will never get. */
export const FRAMES = new Set(FRAME_PATHS.map((p) => `/${p}`));

export interface RoutedScreen {
  path: string;
  /** The page module the router loads for it (`frame` for the area frames). */
  module: string;
  email: string;
}

const ROUTER = path.resolve(import.meta.dirname, '../../apps/web/src/app/router.tsx');

/**
 * The signed-in screens as the web app's router lists them (apps/web/src/app/router.tsx, read as
 * text: it is a React module), one per page module, since a screen's first load is its page
 * module's chunks: a page added to the router is measured without editing this list. Paths with
 * parameters are left out (they need a record); the Owner opens the admin panel, the Master Admin
 * the rest, as in SCREENS.
 */
export function routedScreens(): RoutedScreen[] {
  const source = readFileSync(ROUTER, 'utf8');
  const [from, to] = [source.indexOf('const shellPages'), source.indexOf('const routes: RouteObject[]')];
  const shell = from >= 0 && to > from ? source.slice(from, to) : '';
  const found = [...shell.matchAll(/page\('([^']+)', \(\) => import\('([^']+)'\)(?:, \[[^\]]*\])?\)/g)].map(
    ([, p, m]) => ({
      path: `/${p}`,
      module: m!,
    }),
  );
  if (!shell.includes('FRAME_PATHS.map((p) => page(p, frame))') || found.length < 20)
    throw new Error(`router.tsx changed shape: update routedScreens() in ${import.meta.filename}`);
  const all = [...FRAME_PATHS.map((p) => ({ path: `/${p}`, module: 'frame' })), ...found];
  const byModule = new Map<string, RoutedScreen>();
  const walked = new Set(SCREENS.map(([, p]) => p));
  for (const { path: p, module } of all) {
    if (p.includes(':') || p === '/*') continue;
    const email = SCREENS.find(([, sp]) => sp === p)?.[0] ?? (p.startsWith('/admin_panel/') ? OWNER : ADMIN);
    const kept = byModule.get(module);
    // Prefer the path the screen walk knows (its title and data are checked there).
    if (!kept || (!walked.has(kept.path) && walked.has(p))) byModule.set(module, { path: p, module, email });
  }
  return [...byModule.values()];
}
