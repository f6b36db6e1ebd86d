CREATE TABLE "review_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"review_id" integer NOT NULL,
	"provider" text NOT NULL,
	"origin" text NOT NULL,
	"created_by" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"external_id" text,
	"external_key" text,
	"url" text,
	"status" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone,
	"status_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source_connections" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "review_tickets" ADD CONSTRAINT "review_tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tickets" ADD CONSTRAINT "review_tickets_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_tickets_review_provider_uq" ON "review_tickets" USING btree ("review_id","provider");--> statement-breakpoint
CREATE INDEX "review_tickets_company_idx" ON "review_tickets" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "review_tickets_waiting_idx" ON "review_tickets" USING btree ("state","queued_at");