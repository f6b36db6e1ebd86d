CREATE TABLE "review_location_source_monthly" (
	"company_id" integer NOT NULL,
	"is_competitor" boolean DEFAULT false NOT NULL,
	"location_id" integer NOT NULL,
	"month" date NOT NULL,
	"source" text NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"rated" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"stars1" integer DEFAULT 0 NOT NULL,
	"stars2" integer DEFAULT 0 NOT NULL,
	"stars3" integer DEFAULT 0 NOT NULL,
	"stars4" integer DEFAULT 0 NOT NULL,
	"stars5" integer DEFAULT 0 NOT NULL,
	"with_text" integer DEFAULT 0 NOT NULL,
	"responded" integer DEFAULT 0 NOT NULL,
	"response_seconds" double precision DEFAULT 0 NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"neutral" integer DEFAULT 0 NOT NULL,
	"negative" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_location_source_monthly_pk" PRIMARY KEY("company_id","is_competitor","location_id","month","source") INCLUDE ("reviews", "rated", "rating_sum", "stars1", "stars2", "stars3", "stars4", "stars5", "with_text", "responded", "response_seconds", "positive", "neutral", "negative")
);
--> statement-breakpoint
ALTER TABLE "review_location_source_monthly" ADD CONSTRAINT "review_location_source_monthly_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- review_location_source_monthly follows review_daily through statement-level triggers, as
-- review_location_monthly does (migration 0012): the rows a statement inserted, deleted or changed are
-- summed per company, flag, location, month and source (new minus old) and added to the monthly rows
-- in one upsert, in key order; a row left with no reviews is deleted.
CREATE OR REPLACE FUNCTION review_location_source_monthly_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_location_source_monthly AS t (company_id, is_competitor, location_id, month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date, source, sum(reviews), sum(rated), sum(rating_sum), sum(stars1), sum(stars2), sum(stars3), sum(stars4), sum(stars5), sum(with_text), sum(responded), sum(response_seconds), sum(positive), sum(neutral), sum(negative)
  FROM changed_new GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, is_competitor, location_id, month, source) DO UPDATE SET reviews = t.reviews + excluded.reviews, rated = t.rated + excluded.rated, rating_sum = t.rating_sum + excluded.rating_sum, stars1 = t.stars1 + excluded.stars1, stars2 = t.stars2 + excluded.stars2, stars3 = t.stars3 + excluded.stars3, stars4 = t.stars4 + excluded.stars4, stars5 = t.stars5 + excluded.stars5, with_text = t.with_text + excluded.with_text, responded = t.responded + excluded.responded, response_seconds = t.response_seconds + excluded.response_seconds, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_location_source_monthly_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_location_source_monthly AS t (company_id, is_competitor, location_id, month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date, source, -sum(reviews), -sum(rated), -sum(rating_sum), -sum(stars1), -sum(stars2), -sum(stars3), -sum(stars4), -sum(stars5), -sum(with_text), -sum(responded), -sum(response_seconds), -sum(positive), -sum(neutral), -sum(negative)
  FROM changed_old GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, is_competitor, location_id, month, source) DO UPDATE SET reviews = t.reviews + excluded.reviews, rated = t.rated + excluded.rated, rating_sum = t.rating_sum + excluded.rating_sum, stars1 = t.stars1 + excluded.stars1, stars2 = t.stars2 + excluded.stars2, stars3 = t.stars3 + excluded.stars3, stars4 = t.stars4 + excluded.stars4, stars5 = t.stars5 + excluded.stars5, with_text = t.with_text + excluded.with_text, responded = t.responded + excluded.responded, response_seconds = t.response_seconds + excluded.response_seconds, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  DELETE FROM review_location_source_monthly t USING (SELECT DISTINCT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source FROM changed_old) k
  WHERE t.company_id = k.company_id AND t.is_competitor = k.is_competitor AND t.location_id = k.location_id AND t.month = k.month AND t.source = k.source AND t.reviews <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE adds new minus old per key (a row may even move to another month, location or source).
CREATE OR REPLACE FUNCTION review_location_source_monthly_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_location_source_monthly AS t (company_id, is_competitor, location_id, month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, is_competitor, location_id, month, source, sum(reviews), sum(rated), sum(rating_sum), sum(stars1), sum(stars2), sum(stars3), sum(stars4), sum(stars5), sum(with_text), sum(responded), sum(response_seconds), sum(positive), sum(neutral), sum(negative) FROM (
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM changed_new
    UNION ALL
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source, -reviews, -rated, -rating_sum, -stars1, -stars2, -stars3, -stars4, -stars5, -with_text, -responded, -response_seconds, -positive, -neutral, -negative FROM changed_old
  ) delta GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (company_id, is_competitor, location_id, month, source) DO UPDATE SET reviews = t.reviews + excluded.reviews, rated = t.rated + excluded.rated, rating_sum = t.rating_sum + excluded.rating_sum, stars1 = t.stars1 + excluded.stars1, stars2 = t.stars2 + excluded.stars2, stars3 = t.stars3 + excluded.stars3, stars4 = t.stars4 + excluded.stars4, stars5 = t.stars5 + excluded.stars5, with_text = t.with_text + excluded.with_text, responded = t.responded + excluded.responded, response_seconds = t.response_seconds + excluded.response_seconds, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  DELETE FROM review_location_source_monthly t USING (SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source FROM changed_old UNION SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source FROM changed_new) k
  WHERE t.company_id = k.company_id AND t.is_competitor = k.is_competitor AND t.location_id = k.location_id AND t.month = k.month AND t.source = k.source AND t.reviews <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER review_location_source_monthly_insert AFTER INSERT ON review_daily REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION review_location_source_monthly_insert();
--> statement-breakpoint
CREATE TRIGGER review_location_source_monthly_delete AFTER DELETE ON review_daily REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION review_location_source_monthly_delete();
--> statement-breakpoint
CREATE TRIGGER review_location_source_monthly_update AFTER UPDATE ON review_daily REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION review_location_source_monthly_update();
--> statement-breakpoint
-- The rows review_daily already holds.
INSERT INTO review_location_source_monthly (company_id, is_competitor, location_id, month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date, source, sum(reviews), sum(rated), sum(rating_sum), sum(stars1), sum(stars2), sum(stars3), sum(stars4), sum(stars5), sum(with_text), sum(responded), sum(response_seconds), sum(positive), sum(neutral), sum(negative)
FROM review_daily GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- Reads plan on the table's statistics at once, not after autovacuum first looks at it.
ANALYZE review_location_source_monthly;
