ALTER TABLE "review_imports" ADD COLUMN "accepted_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_imports" ADD COLUMN "saved_rows" integer DEFAULT 0 NOT NULL;