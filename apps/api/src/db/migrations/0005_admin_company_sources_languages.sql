ALTER TABLE "companies" ADD COLUMN "source_urls" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;