CREATE TABLE "competitor_locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitor_locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"competitor_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"title" text NOT NULL,
	"address" text,
	"source_urls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"frequency" text DEFAULT 'weekly' NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location_ids" jsonb,
	"last_sent_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_topics" (
	"review_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"topic" text NOT NULL,
	"subtopic" text DEFAULT '' NOT NULL,
	"sentiment" smallint NOT NULL,
	CONSTRAINT "review_topics_review_id_kind_topic_subtopic_pk" PRIMARY KEY("review_id","kind","topic","subtopic")
);
--> statement-breakpoint
CREATE TABLE "topic_daily" (
	"company_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"source" text NOT NULL,
	"day" date NOT NULL,
	"is_competitor" boolean DEFAULT false NOT NULL,
	"kind" text NOT NULL,
	"topic" text NOT NULL,
	"subtopic" text DEFAULT '' NOT NULL,
	"mentions" integer DEFAULT 0 NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"neutral" integer DEFAULT 0 NOT NULL,
	"negative" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "topic_daily_company_id_location_id_source_day_is_competitor_kind_topic_subtopic_pk" PRIMARY KEY("company_id","location_id","source","day","is_competitor","kind","topic","subtopic")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "competitor_location_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "nlp_version" smallint;--> statement-breakpoint
ALTER TABLE "competitor_locations" ADD CONSTRAINT "competitor_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_locations" ADD CONSTRAINT "competitor_locations_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_locations" ADD CONSTRAINT "competitor_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_settings" ADD CONSTRAINT "report_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_settings" ADD CONSTRAINT "report_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_topics" ADD CONSTRAINT "review_topics_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_topics" ADD CONSTRAINT "review_topics_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_daily" ADD CONSTRAINT "topic_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitor_locations_company_idx" ON "competitor_locations" USING btree ("company_id","location_id");--> statement-breakpoint
CREATE INDEX "competitor_locations_competitor_idx" ON "competitor_locations" USING btree ("competitor_id");--> statement-breakpoint
CREATE INDEX "competitors_company_idx" ON "competitors" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_settings_user_company_uq" ON "report_settings" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE INDEX "report_settings_next_run_idx" ON "report_settings" USING btree ("enabled","next_run_at");--> statement-breakpoint
CREATE INDEX "review_topics_company_idx" ON "review_topics" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "topic_daily_company_kind_day_idx" ON "topic_daily" USING btree ("company_id","kind","day");--> statement-breakpoint
CREATE INDEX "reviews_competitor_location_idx" ON "reviews" USING btree ("competitor_location_id");