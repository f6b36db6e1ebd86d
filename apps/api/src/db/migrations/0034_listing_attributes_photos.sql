ALTER TABLE "listings" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "cover" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;