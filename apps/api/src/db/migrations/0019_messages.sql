CREATE TABLE "conversation_tags" (
	"conversation_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_tags_conversation_id_tag_id_pk" PRIMARY KEY("conversation_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "message_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"picture" text,
	"location_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"connection_state" text DEFAULT 'connected' NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"access_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_pages_provider_external_uq" UNIQUE("provider","external_id")
);
--> statement-breakpoint
CREATE TABLE "message_tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#4F46E5' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_tags_company_name_uq" UNIQUE("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"external_id" text,
	"type" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message" text,
	"attachment_type" text,
	"attachment_url" text,
	"delivery_state" text DEFAULT 'delivered' NOT NULL,
	"failure_reason" text,
	"author_user_id" integer,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce("messages"."message", ''))) STORED,
	CONSTRAINT "messages_external_uq" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "post_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"parent_id" integer,
	"external_id" text,
	"author_external_id" text,
	"author_name" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"from_page" boolean DEFAULT false NOT NULL,
	"author_user_id" integer,
	"delivery_state" text,
	"failure_reason" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"hide_pending" boolean DEFAULT false NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"replied_at" timestamp with time zone,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_comments_external_uq" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"comment_id" integer,
	"reactor_external_id" text NOT NULL,
	"reactor_name" text,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reactions_target_reactor_uq" UNIQUE NULLS NOT DISTINCT("post_id","comment_id","reactor_external_id")
);
--> statement-breakpoint
DROP INDEX "conversations_company_idx";--> statement-breakpoint
DROP INDEX "social_posts_company_idx";--> statement-breakpoint
-- Page ids were free texts before pages existed: they cannot name a message_pages row.
ALTER TABLE "conversations" ALTER COLUMN "page_id" SET DATA TYPE integer USING NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "customer_external_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "customer_picture" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_inbound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "page_id" integer;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "media_url" text;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "permalink" text;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "removed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "last_comment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_tags" ADD CONSTRAINT "conversation_tags_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_tags" ADD CONSTRAINT "conversation_tags_tag_id_message_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."message_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_tags" ADD CONSTRAINT "conversation_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_pages" ADD CONSTRAINT "message_pages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_pages" ADD CONSTRAINT "message_pages_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_tags" ADD CONSTRAINT "message_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_comment_id_post_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_tags_tag_idx" ON "conversation_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "message_pages_company_idx" ON "message_pages" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","sent_at","id");--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "post_comments_post_idx" ON "post_comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_page_id_message_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."message_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_page_id_message_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."message_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_page_idx" ON "conversations" USING btree ("company_id","page_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_channel_idx" ON "conversations" USING btree ("company_id","channel","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_assignee_idx" ON "conversations" USING btree ("company_id","assignee_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_unread_idx" ON "conversations" USING btree ("company_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE is_read = false;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_customer_uq" ON "conversations" USING btree ("page_id","customer_external_id");--> statement-breakpoint
CREATE INDEX "conversations_company_idx" ON "conversations" USING btree ("company_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "social_posts_company_idx" ON "social_posts" USING btree ("company_id","posted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_channel_post_uq" UNIQUE("channel","post_id");