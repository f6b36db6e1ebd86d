-- Reads of some locations (a tree filter, a limited member: three views in four) as index-only scans
-- of contiguous entries (bench/RESULTS.md, issue 31). Drizzle cannot declare INCLUDE columns, so the
-- schema keeps the plain declarations of these names.
-- Whole months per location: the primary key (company, flag, month, location) made a read of 25
-- locations scan every location of its months.
CREATE INDEX IF NOT EXISTS "review_location_monthly_location_idx" ON "review_location_monthly" USING btree ("company_id", "is_competitor", "location_id", "month")
  INCLUDE ("reviews", "rated", "rating_sum", "stars1", "stars2", "stars3", "stars4", "stars5", "with_text", "responded", "response_seconds", "positive", "neutral", "negative");
--> statement-breakpoint
-- The days of some locations: their rows lie all over the heap (written day by day for every
-- location), so each one was a page fetch.
DROP INDEX IF EXISTS "review_daily_location_day_idx";
--> statement-breakpoint
CREATE INDEX "review_daily_location_day_idx" ON "review_daily" USING btree ("company_id", "location_id", "is_competitor", "day")
  INCLUDE ("source", "reviews", "rated", "rating_sum", "stars1", "stars2", "stars3", "stars4", "stars5", "with_text", "responded", "response_seconds", "positive", "neutral", "negative");
--> statement-breakpoint
DROP INDEX IF EXISTS "topic_daily_location_day_idx";
--> statement-breakpoint
CREATE INDEX "topic_daily_location_day_idx" ON "topic_daily" USING btree ("company_id", "location_id", "kind", "is_competitor", "day")
  INCLUDE ("source", "topic", "subtopic", "mentions", "positive", "neutral", "negative");
