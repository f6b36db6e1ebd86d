import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicOnly } from './guards/PublicOnly';
import { RootLayout } from './RootLayout';
import { FRAME_PATHS } from './pages/framePaths';
import { LoadingPage, ServerErrorPage } from './pages/StatePages';
import { loadNamespaces } from '../i18n/i18n';

type PageModule = { default: React.ComponentType };

/**
 * A route whose page is its own chunk (route-level code splitting); its feature's catalogue
 * (namespace) loads beside it, so the page renders in the user's language at once.
 */
function page(path: string, load: () => Promise<PageModule>, namespaces: string[] = []): RouteObject {
  return {
    path,
    lazy: async () => {
      const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
      return { Component: module.default };
    },
  };
}

const frame = () => import('./pages/AreaFramePage');

const shellPages: RouteObject[] = [
  { index: true, element: null },
  ...FRAME_PATHS.map((p) => page(p, frame)),
  page('messages', () => import('../features/messages/MessagesPage'), ['messages']),
  page('messages/pages', () => import('../features/messages/PagesPage'), ['messages']),
  page('messages/analytics', () => import('../features/messages/AnalyticsPage'), ['messages']),
  page('admin_panel/companies', () => import('../features/admin/CompaniesPage'), ['admin', 'validation']),
  page('admin_panel/partners', () => import('../features/admin/PartnersPage'), ['admin', 'validation']),
  page('admin_panel/companies/new', () => import('../features/admin/CompanyWizardPage'), ['admin', 'validation']),
  page('admin_panel/companies/:id/edit', () => import('../features/admin/CompanyWizardPage'), ['admin', 'validation']),
  page('admin_panel/partners/new', () => import('../features/admin/PartnerWizardPage'), ['admin', 'validation']),
  page('admin_panel/partners/:id', () => import('../features/admin/PartnerWizardPage'), ['admin', 'validation']),
  page('admin_panel/partners/:id/:step', () => import('../features/admin/PartnerWizardPage'), ['admin', 'validation']),
  page('admin_panel/admin_users', () => import('../features/admin/AdminUsersPage'), ['admin', 'validation']),
  page('admin_panel/admin_users/new', () => import('../features/admin/AdminUserPage'), ['admin', 'validation']),
  page('admin_panel/admin_users/:id/edit', () => import('../features/admin/AdminUserPage'), ['admin', 'validation']),
  page('admin_panel/csdashboard', () => import('../features/admin/CsDashboardPage'), ['admin', 'validation']),
  page('admin_panel/systemhealth', () => import('../features/admin/SystemHealthPage'), ['admin', 'validation']),
  page('reviews', () => import('../features/reviews/ReviewsPage'), ['reviews']),
  page('dashboard', () => import('../features/dashboard/DashboardPage'), ['dashboard']),
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
  page('feedback/analytics', () => import('../features/feedback/FeedbackAnalyticsPage'), ['feedback']),
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ServerErrorPage />,
    // Shown while the first page's lazy chunk loads (React Router asks for one on the first render).
    hydrateFallbackElement: <LoadingPage />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          page('signin', () => import('../features/auth/SignInPage'), ['auth']),
          {
            lazy: async () => ({ Component: (await import('./QueryLayout')).default }),
            children: [page('forgotPassword', () => import('../features/auth/ForgotPasswordPage'), ['auth'])],
          },
        ],
      },
      { path: '500', element: <ServerErrorPage /> },
      {
        lazy: async () => ({ Component: (await import('./QueryLayout')).default }),
        children: [
          page('confirmPassword/:token', () => import('../features/auth/ConfirmPasswordPage'), ['auth']),
          page('invitation/:token', () => import('../features/auth/InvitationPage'), ['auth']),
          page('review/:id', () => import('../features/reviews/ShareCardPage'), ['reviews']),
          page('coupon/:token', () => import('../features/offers/CouponPage'), ['offers']),
          {
            lazy: async () => ({ Component: (await import('./guards/AccessGate')).default }),
            children: [
              { lazy: async () => ({ Component: (await import('./shell/AppShell')).default }), children: shellPages },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
