CREATE TABLE "listing_directories" (
	"location_id" integer NOT NULL,
	"directory" text NOT NULL,
	"company_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"diff" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_directories_location_id_directory_pk" PRIMARY KEY("location_id","directory")
);
--> statement-breakpoint
CREATE TABLE "listing_edits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_edits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text,
	"kind" text DEFAULT 'edit' NOT NULL,
	"fields" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"postal_code" text,
	"country_code" text,
	"phone" text,
	"website" text,
	"primary_category" text,
	"additional_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"regular_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"special_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_directories" ADD CONSTRAINT "listing_directories_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_directories" ADD CONSTRAINT "listing_directories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_edits" ADD CONSTRAINT "listing_edits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_edits" ADD CONSTRAINT "listing_edits_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_edits" ADD CONSTRAINT "listing_edits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_directories_company_idx" ON "listing_directories" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "listing_edits_location_idx" ON "listing_edits" USING btree ("location_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_company_idx" ON "listings" USING btree ("company_id","name");