import { Card, Empty } from 'antd';
import { useLocation } from 'react-router';
import { findRouteRule, pluralize } from '@reputo/core';
import { useMe } from '../../features/auth/queries';
import { PageHeader } from '../ui/PageHeader';

/** What each area is for, shown under its title. */
const DESCRIPTIONS: Record<string, string> = {
  '/dashboard': 'Your reputation at a glance: ratings, volume and response times across all locations.',
  '/reviews': 'Read, filter and answer reviews from every source in one place.',
  '/messages': 'Conversations and comments from your connected pages.',
  '/messages/pages': 'The pages whose messages and comments you manage.',
  '/messages/analytics': 'Message volume and response times by page.',
  '/reporting/overview': 'Ratings, volume and sentiment for the period you choose.',
  '/reporting/trends': 'How ratings and review volume change over time.',
  '/reporting/ranking_responses': 'Locations ranked by rating, volume and response rate.',
  '/reporting/ratings_reviews': 'Response rates and times by location and source.',
  '/reporting/competitors': 'Benchmark your locations against nearby competitors.',
  '/reporting/insights': 'Topics and sentiment your customers mention most.',
  '/settings/notifications': 'Choose which alerts and reports you receive.',
  '/settings/competitors': 'Competitors to track for each location.',
  '/settings/locations': 'Your locations, their sources and details.',
  '/settings/response': 'Reply templates and review categories.',
  '/settings/other/reviewCategories': 'Categories to sort reviews by.',
  '/settings/other/thirdPartyLogin': 'Connect Google, Facebook and other accounts.',
  '/listing_management': 'Keep your business listings accurate everywhere.',
  '/feedback/landingPage': 'The page customers reach when you ask for feedback.',
  '/feedback/campaigns': 'Invite customers to share feedback by email or SMS.',
  '/feedback/lists': 'Customer lists for feedback campaigns.',
  '/feedback/template': 'Messages sent with feedback requests.',
  '/feedback/analytics': 'Feedback received and how it converts to reviews.',
  '/admin_panel/admin_users': 'People who administer companies and partners.',
  '/admin_panel/companies/new': 'Create a company: information, sources, brands, package and API key.',
  '/admin_panel/companies/:id/edit': 'Company information, sources, brands, package and API key.',
  '/admin_panel/admin_users/new': 'Invite a person to administer companies.',
  '/admin_panel/admin_users/:id/edit': 'Details and access of this admin user.',
  '/admin_panel/partners/new': 'Create a partner: information, package, API key and billing.',
  '/admin_panel/partners/:id': 'Partner information, package, API key and billing.',
  '/admin_panel/partners/:id/:step': 'Partner information, package, API key and billing.',
  '/admin_panel/csdashboard': 'Customer success overview across all companies.',
  '/admin_panel/systemhealth': 'Review sync, jobs and service status.',
};

/** The empty state of an area: data areas wait for data, settings and admin pages for their first entries. */
function emptyText(pathname: string, title: string): string {
  const area = pathname.split('/')[1] ?? '';
  if (area === 'settings' || area === 'admin_panel' || area === 'user') return `${title} will be available here shortly.`;
  return `${title} will appear here as soon as there is data for the selected company and period.`;
}

function describe(pathname: string, rulePath: string | undefined): string {
  return DESCRIPTIONS[pathname] ?? (rulePath ? DESCRIPTIONS[rulePath] : undefined) ?? 'Manage this area of your account.';
}

/** The frame of an area that its own issue fills in: title, purpose and an empty state. */
export default function AreaFramePage() {
  const { pathname } = useLocation();
  const me = useMe().data;
  const rule = findRouteRule(pathname);
  const title = rule?.path === '/settings/locations' && me ? pluralize(me.locationsTitle) : (rule?.title ?? '');
  return (
    <>
      <PageHeader title={title} description={describe(pathname, rule?.path)} />
      <Card>
        <div className="frame-empty">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />
          <h3>Nothing to show yet</h3>
          <p>{emptyText(pathname, title)}</p>
        </div>
      </Card>
    </>
  );
}
