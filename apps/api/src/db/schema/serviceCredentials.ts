import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './tenancy';

const stamp = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * The platform's own keys for outside services (Google and Meta apps, Twitter, the AI and translation
 * endpoints, SMS), set by the Owner. Values are sealed with platform/secrets.ts (AES-256-GCM); only
 * their last four characters are kept readable. Environment variables take precedence over these.
 */
export const serviceCredentials = pgTable(
  'service_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    sealed: text('sealed').notNull(),
    lastFour: text('last_four').notNull(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [uniqueIndex('service_credentials_provider_name_uq').on(t.provider, t.name)],
);

/** Every change of a service credential: who, when, which, what (never the value). */
export const serviceCredentialEvents = pgTable(
  'service_credential_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    /** 'created', 'updated' or 'removed'. */
    action: text('action').notNull(),
    lastFour: text('last_four'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: stamp('at'),
  },
  (t) => [index('service_credential_events_at_idx').on(t.at)],
);
