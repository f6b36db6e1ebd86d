import type { App, AppDeps } from '../../platform/deps';
import { analyticsRoutes } from './analytics.routes';
import { conversationRoutes } from './conversations.routes';
import { pageRoutes } from './pages.routes';
import { postRoutes } from './posts.routes';
import { tagRoutes } from './tags.routes';

/**
 * The Messages area (spec 001 section 7 "Conversations and social"), behind the Messaging feature.
 * Ids of another company, or of a page outside a location-limited member's locations, answer 404.
 */
export function messagingRoutes(app: App, deps: AppDeps): void {
  conversationRoutes(app, deps);
  postRoutes(app, deps);
  pageRoutes(app, deps);
  tagRoutes(app, deps);
  analyticsRoutes(app, deps);
}
