import { lazy, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type Location, type RouteObject } from 'react-router';
import { PublicOnly } from './guards/PublicOnly';
import { RequireSignIn, sendsToSignIn } from './guards/RequireSignIn';
import { RootLayout } from './RootLayout';
import { FRAME_PATHS } from './pages/framePaths';
import { ServerErrorPage } from './pages/StatePages';
import { loadNamespaces } from '../i18n/i18n';
import { session } from '../lib/session';

type PageModule = { default: ComponentType };
/** What a lazy route keeps in its handle: the load of its chunk, started before React asks for it. */
type RouteHandle = { preload?: () => Promise<PageModule>; gate?: true };

/** A route whose element is its own chunk (route-level code splitting), loaded once. */
function lazyRoute(load: () => Promise<PageModule>, route: Omit<RouteObject, 'element' | 'handle'>): RouteObject {
  let loading: Promise<PageModule> | null = null;
  const preload = () => (loading ??= load());
  const Page = lazy(preload);
  return { ...route, element: <Page />, handle: { preload } satisfies RouteHandle } as RouteObject;
}

/**
 * A page's route: its chunk and its feature's catalogue (namespace) load together, so the page
 * renders in the user's language at once. Every page gets the `validation` catalogue too: forms show
 * core's messages through translateMessage().
 */
function page(path: string, load: () => Promise<PageModule>, namespaces: string[] = []): RouteObject {
  return lazyRoute(async () => (await Promise.all([load(), loadNamespaces([...namespaces, 'validation'])]))[0], {
    path,
  });
}

const frame = () => import('./pages/AreaFramePage');

const shellPages: RouteObject[] = [
  { index: true, element: null },
  ...FRAME_PATHS.map((p) => page(p, frame)),
  page('messages', () => import('../features/messages/MessagesPage'), ['messages']),
  page('messages/pages', () => import('../features/messages/PagesPage'), ['messages']),
  page('messages/analytics', () => import('../features/messages/AnalyticsPage'), ['messages']),
  page('admin_panel/companies', () => import('../features/admin/CompaniesPage'), ['admin']),
  page('admin_panel/partners', () => import('../features/admin/PartnersPage'), ['admin']),
  page('admin_panel/companies/new', () => import('../features/admin/CompanyWizardPage'), ['admin']),
  page('admin_panel/companies/:id/edit', () => import('../features/admin/CompanyWizardPage'), ['admin']),
  page('admin_panel/partners/new', () => import('../features/admin/PartnerWizardPage'), ['admin']),
  page('admin_panel/partners/:id', () => import('../features/admin/PartnerWizardPage'), ['admin']),
  page('admin_panel/partners/:id/:step', () => import('../features/admin/PartnerWizardPage'), ['admin']),
  page('admin_panel/admin_users', () => import('../features/admin/AdminUsersPage'), ['admin']),
  page('admin_panel/admin_users/new', () => import('../features/admin/AdminUserPage'), ['admin']),
  page('admin_panel/admin_users/:id/edit', () => import('../features/admin/AdminUserPage'), ['admin']),
  page('admin_panel/csdashboard', () => import('../features/admin/CsDashboardPage'), ['admin']),
  page('admin_panel/systemhealth', () => import('../features/admin/SystemHealthPage'), ['admin']),
  page('reviews', () => import('../features/reviews/ReviewsPage'), ['reviews']),
  page('dashboard', () => import('../features/dashboard/DashboardPage'), ['dashboard', 'reporting']),
  page('reporting/overview', () => import('../features/reporting/OverviewPage'), ['reporting']),
  page('reporting/trends', () => import('../features/reporting/TrendsPage'), ['reporting']),
  page('reporting/ranking_responses', () => import('../features/reporting/RankingPage'), ['reporting']),
  page('reporting/ratings_reviews', () => import('../features/reporting/RatingsReviewsPage'), ['reporting']),
  page('reporting/competitors', () => import('../features/reporting/CompetitorsPage'), ['reporting']),
  page('reporting/insights', () => import('../features/reporting/InsightsPage'), ['reporting']),
  page('feedback/offers', () => import('../features/offers/OffersPage'), ['offers']),
  page('listing_management', () => import('../features/listings/ListingsPage'), ['listings']),
  page('feedback/lists', () => import('../features/feedback/lists/ListsPage'), ['feedback']),
  page('feedback/template', () => import('../features/feedback/templates/TemplatesPage'), ['feedback']),
  page('feedback/campaigns', () => import('../features/feedback/campaigns/CampaignsPage'), ['feedback']),
  page('feedback/campaigns/:id', () => import('../features/feedback/campaigns/CampaignDetailPage'), ['feedback']),
  page('feedback/landingPage', () => import('../features/feedback/LandingPageSettingsPage'), ['feedback']),
  page('feedback/analytics', () => import('../features/feedback/FeedbackAnalyticsPage'), ['feedback', 'reporting']),
  page('settings/competitors', () => import('../features/settings/competitors/CompetitorsSettingsPage'), ['settings']),
  page('settings/team_access', () => import('../features/settings/TeamAccessPage'), ['settings']),
  page('settings/notifications', () => import('../features/settings/NotificationsPage'), ['settings']),
  page('settings/locations', () => import('../features/settings/LocationsPage'), ['settings']),
  page('settings/response', () => import('../features/settings/ResponsePage'), ['settings']),
  page('settings/other/reviewCategories', () => import('../features/settings/ReviewCategoriesPage'), ['settings']),
  page('settings/other/thirdPartyLogin', () => import('../features/settings/IntegrationsPage'), ['settings']),
  page('user', () => import('../features/account/UserSettingsPage'), ['account']),
  page('accounts', () => import('../features/account/AccountsPage'), ['account']),
  page('*', () => import('./pages/ShellNotFound')),
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          page('signin', () => import('../features/auth/SignInPage'), ['auth']),
          lazyRoute(() => import('./QueryLayout'), {
            children: [page('forgotPassword', () => import('../features/auth/ForgotPasswordPage'), ['auth'])],
          }),
        ],
      },
      { path: '500', element: <ServerErrorPage /> },
      lazyRoute(() => import('./QueryLayout'), {
        children: [
          page('confirmPassword/:token', () => import('../features/auth/ConfirmPasswordPage'), ['auth']),
          page('invitation/:token', () => import('../features/auth/InvitationPage'), ['auth']),
          page('review/:id', () => import('../features/reviews/ShareCardPage'), ['reviews']),
          page('coupon/:token', () => import('../features/offers/CouponPage'), ['offers']),
        ],
      }),
      {
        element: <RequireSignIn />,
        handle: { gate: true } satisfies RouteHandle,
        children: [
          lazyRoute(() => import('./QueryLayout'), {
            children: [
              // The shell's catalogue (menu, titles, roles) loads beside the signed-in area's first chunk.
              lazyRoute(async () => (await Promise.all([import('./guards/AccessGate'), loadNamespaces(['app'])]))[0], {
                children: [lazyRoute(() => import('./shell/AppShell'), { children: shellPages })],
              }),
            ],
          }),
        ],
      },
    ],
  },
];

/**
 * Starts loading every lazy chunk a path needs (its layouts and its page) at once, rather than one
 * after another as React reaches each; AppRouter calls it before it renders a location. A chunk that
 * fails to load fails again when React asks for it, and the error page shows.
 */
export function preloadRoute({ pathname, search }: Pick<Location, 'pathname' | 'search'>): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    // Below the sign-in gate nothing loads ahead for a visit it sends to /signin.
    if (handle?.gate && sendsToSignIn(session.get(), pathname, search)) return;
    handle?.preload?.().catch(() => undefined);
  }
}

/** The app's routes, rendered for the router's location. */
export function AppRoutes() {
  return useRoutes(routes);
}
