CREATE INDEX "review_daily_location_day_idx" ON "review_daily" USING btree ("company_id","location_id","is_competitor","day");--> statement-breakpoint
CREATE INDEX "topic_daily_location_day_idx" ON "topic_daily" USING btree ("company_id","location_id","kind","is_competitor","day");--> statement-breakpoint
-- Covering indexes (Drizzle cannot declare INCLUDE columns): reads of every location or of a
-- company's days over a range become index-only scans of contiguous entries (bench/RESULTS.md).
CREATE INDEX IF NOT EXISTS "review_daily_company_flag_day_cover_idx" ON "review_daily" USING btree ("company_id", "is_competitor", "day")
  INCLUDE ("location_id", "source", "reviews", "rated", "rating_sum", "stars1", "stars2", "stars3", "stars4", "stars5", "with_text", "responded", "response_seconds", "positive", "neutral", "negative");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "topic_company_daily_cover_idx" ON "topic_company_daily" USING btree ("company_id", "kind", "is_competitor", "day")
  INCLUDE ("source", "topic", "subtopic", "mentions", "positive", "neutral", "negative");
