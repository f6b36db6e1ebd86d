import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicOnly } from './guards/PublicOnly';
import { RootLayout } from './RootLayout';
import { FRAME_PATHS } from './pages/framePaths';
import { LoadingPage, ServerErrorPage } from './pages/StatePages';

type PageModule = { default: React.ComponentType };

/** A route whose page is its own chunk (route-level code splitting). */
function page(path: string, load: () => Promise<PageModule>): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

const frame = () => import('./pages/AreaFramePage');

const shellPages: RouteObject[] = [
  { index: true, element: null },
  ...FRAME_PATHS.map((p) => page(p, frame)),
  page('messages', () => import('../features/messages/MessagesPage')),
  page('messages/pages', () => import('../features/messages/PagesPage')),
  page('messages/analytics', () => import('../features/messages/AnalyticsPage')),
  page('admin_panel/companies', () => import('../features/admin/CompaniesPage')),
  page('admin_panel/partners', () => import('../features/admin/PartnersPage')),
  page('admin_panel/companies/new', () => import('../features/admin/CompanyWizardPage')),
  page('admin_panel/companies/:id/edit', () => import('../features/admin/CompanyWizardPage')),
  page('admin_panel/partners/new', () => import('../features/admin/PartnerWizardPage')),
  page('admin_panel/partners/:id', () => import('../features/admin/PartnerWizardPage')),
  page('admin_panel/partners/:id/:step', () => import('../features/admin/PartnerWizardPage')),
  page('admin_panel/admin_users', () => import('../features/admin/AdminUsersPage')),
  page('admin_panel/admin_users/new', () => import('../features/admin/AdminUserPage')),
  page('admin_panel/admin_users/:id/edit', () => import('../features/admin/AdminUserPage')),
  page('admin_panel/csdashboard', () => import('../features/admin/CsDashboardPage')),
  page('admin_panel/systemhealth', () => import('../features/admin/SystemHealthPage')),
  page('reviews', () => import('../features/reviews/ReviewsPage')),
  page('dashboard', () => import('../features/dashboard/DashboardPage')),
  page('reporting/overview', () => import('../features/reporting/OverviewPage')),
  page('reporting/trends', () => import('../features/reporting/TrendsPage')),
  page('reporting/ranking_responses', () => import('../features/reporting/RankingPage')),
  page('reporting/ratings_reviews', () => import('../features/reporting/RatingsReviewsPage')),
  page('reporting/competitors', () => import('../features/reporting/CompetitorsPage')),
  page('reporting/insights', () => import('../features/reporting/InsightsPage')),
  page('feedback/offers', () => import('../features/offers/OffersPage')),
  page('listing_management', () => import('../features/listings/ListingsPage')),
  page('feedback/lists', () => import('../features/feedback/lists/ListsPage')),
  page('feedback/template', () => import('../features/feedback/templates/TemplatesPage')),
  page('feedback/campaigns', () => import('../features/feedback/campaigns/CampaignsPage')),
  page('feedback/campaigns/:id', () => import('../features/feedback/campaigns/CampaignDetailPage')),
  page('feedback/landingPage', () => import('../features/feedback/LandingPageSettingsPage')),
  page('feedback/analytics', () => import('../features/feedback/FeedbackAnalyticsPage')),
  page('settings/competitors', () => import('../features/settings/competitors/CompetitorsSettingsPage')),
  page('settings/team_access', () => import('../features/settings/TeamAccessPage')),
  page('settings/notifications', () => import('../features/settings/NotificationsPage')),
  page('settings/locations', () => import('../features/settings/LocationsPage')),
  page('settings/response', () => import('../features/settings/ResponsePage')),
  page('settings/other/reviewCategories', () => import('../features/settings/ReviewCategoriesPage')),
  page('settings/other/thirdPartyLogin', () => import('../features/settings/IntegrationsPage')),
  page('user', () => import('../features/account/UserSettingsPage')),
  page('accounts', () => import('../features/account/AccountsPage')),
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
          page('signin', () => import('../features/auth/SignInPage')),
          {
            lazy: async () => ({ Component: (await import('./QueryLayout')).default }),
            children: [page('forgotPassword', () => import('../features/auth/ForgotPasswordPage'))],
          },
        ],
      },
      { path: '500', element: <ServerErrorPage /> },
      {
        lazy: async () => ({ Component: (await import('./QueryLayout')).default }),
        children: [
          page('confirmPassword/:token', () => import('../features/auth/ConfirmPasswordPage')),
          page('invitation/:token', () => import('../features/auth/InvitationPage')),
          page('review/:id', () => import('../features/reviews/ShareCardPage')),
          page('coupon/:token', () => import('../features/offers/CouponPage')),
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
