import { Card } from 'antd';
import { RocketOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { findRouteRule, pluralize } from '@reputo/core';
import { useMe } from '../../features/auth/queries';
import { PageHeader } from '../ui/PageHeader';

/** What each area is for, shown under its title. */
const DESCRIPTIONS: Record<string, string> = {
  '/dashboard': 'Your reputation at a glance: ratings, volume and response times across all locations.',
  '/reviews': 'Read, filter and answer reviews from every source in one place.',
  '/messages': 'Conversations and comments from your connected pages.',
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

/** What each area not built yet will do, said as a plan rather than as missing data (these pages have no period and no data to wait for). */
const PLANS: Record<string, string> = {};

function planText(pathname: string): string {
  return `${PLANS[pathname] ?? 'This area will be available in a coming release.'} This part of Reputo is still being built, so there is nothing to set up here yet.`;
}

function describe(pathname: string, rulePath: string | undefined): string {
  return (
    DESCRIPTIONS[pathname] ?? (rulePath ? DESCRIPTIONS[rulePath] : undefined) ?? 'Manage this area of your account.'
  );
}

/** The frame of an area that its own issue builds: title, purpose and what it will do. */
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
          <RocketOutlined className="frame-icon" />
          <h3>Coming soon</h3>
          <p data-testid="frame-plan">{planText(pathname)}</p>
        </div>
      </Card>
    </>
  );
}
