CREATE TABLE "notification_settings" (
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"delivery" text DEFAULT 'instant' NOT NULL,
	"ratings" jsonb DEFAULT '[1,2,3,4,5]'::jsonb NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kinds" jsonb DEFAULT '["count"]'::jsonb NOT NULL,
	"last_digest_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_settings_company_idx" ON "notification_settings" USING btree ("company_id","delivery");