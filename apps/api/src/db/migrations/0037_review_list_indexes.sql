-- The review list's pages: with the filters' columns in the index, a page's ids are found by an
-- index-only walk that checks source, rating, replied and removed on the entries, instead of reading
-- every row it passes (a filtered page of a brand at W1: 92 ms → 4 ms). Drizzle cannot declare
-- INCLUDE columns: the schema declares the keys.
DROP INDEX IF EXISTS "reviews_company_list_idx";
--> statement-breakpoint
CREATE INDEX "reviews_company_list_idx" ON "reviews" USING btree ("company_id", "is_competitor", "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST)
  INCLUDE ("location_id", "source", "rating", "responded_at", "removed_at");
--> statement-breakpoint
DROP INDEX IF EXISTS "reviews_location_created_idx";
--> statement-breakpoint
CREATE INDEX "reviews_location_created_idx" ON "reviews" USING btree ("location_id", "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST)
  INCLUDE ("company_id", "is_competitor", "source", "rating", "responded_at", "removed_at");
