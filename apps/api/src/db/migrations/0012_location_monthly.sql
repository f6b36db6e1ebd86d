CREATE TABLE "review_location_monthly" (
	"company_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"month" date NOT NULL,
	"is_competitor" boolean DEFAULT false NOT NULL,
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
	CONSTRAINT "review_location_monthly_pk" PRIMARY KEY("company_id","is_competitor","month","location_id")
);
--> statement-breakpoint
ALTER TABLE "review_location_monthly" ADD CONSTRAINT "review_location_monthly_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- review_location_monthly follows review_daily through statement-level triggers, as the company-wide
-- tables do (migration 0010): the rows a statement inserted, deleted or changed are summed per
-- company, location, month and competitor flag and added to or taken from the monthly rows, and a
-- row left with no reviews is deleted.
CREATE OR REPLACE FUNCTION review_location_monthly_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_location_monthly AS c (company_id, location_id, month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text,
    responded, response_seconds, positive, neutral, negative)
  SELECT company_id, location_id, date_trunc('month', day)::date, is_competitor, sum(reviews), sum(rated), sum(rating_sum), sum(stars1), sum(stars2),
    sum(stars3), sum(stars4), sum(stars5), sum(with_text), sum(responded), sum(response_seconds), sum(positive), sum(neutral), sum(negative)
  FROM changed_new GROUP BY company_id, location_id, date_trunc('month', day)::date, is_competitor
  ON CONFLICT (company_id, is_competitor, month, location_id) DO UPDATE SET reviews = c.reviews + excluded.reviews, rated = c.rated + excluded.rated, rating_sum = c.rating_sum + excluded.rating_sum,
    stars1 = c.stars1 + excluded.stars1, stars2 = c.stars2 + excluded.stars2, stars3 = c.stars3 + excluded.stars3,
    stars4 = c.stars4 + excluded.stars4, stars5 = c.stars5 + excluded.stars5, with_text = c.with_text + excluded.with_text,
    responded = c.responded + excluded.responded, response_seconds = c.response_seconds + excluded.response_seconds, positive = c.positive + excluded.positive,
    neutral = c.neutral + excluded.neutral, negative = c.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_location_monthly_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE review_location_monthly c SET reviews = c.reviews - x.reviews, rated = c.rated - x.rated, rating_sum = c.rating_sum - x.rating_sum,
    stars1 = c.stars1 - x.stars1, stars2 = c.stars2 - x.stars2, stars3 = c.stars3 - x.stars3,
    stars4 = c.stars4 - x.stars4, stars5 = c.stars5 - x.stars5, with_text = c.with_text - x.with_text,
    responded = c.responded - x.responded, response_seconds = c.response_seconds - x.response_seconds, positive = c.positive - x.positive,
    neutral = c.neutral - x.neutral, negative = c.negative - x.negative
  FROM (SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum,
    sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded,
    sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative
    FROM changed_old GROUP BY company_id, location_id, date_trunc('month', day)::date, is_competitor) x
  WHERE c.company_id = x.company_id AND c.is_competitor = x.is_competitor AND c.month = x.month AND c.location_id = x.location_id;
  DELETE FROM review_location_monthly c USING (SELECT DISTINCT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor FROM changed_old) x
  WHERE c.company_id = x.company_id AND c.is_competitor = x.is_competitor AND c.month = x.month AND c.location_id = x.location_id AND c.reviews <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE adds new minus old per key (a row may even move to another month or location).
CREATE OR REPLACE FUNCTION review_location_monthly_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_location_monthly AS c (company_id, location_id, month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text,
    responded, response_seconds, positive, neutral, negative)
  SELECT company_id, location_id, month, is_competitor, sum(reviews), sum(rated), sum(rating_sum), sum(stars1), sum(stars2),
    sum(stars3), sum(stars4), sum(stars5), sum(with_text), sum(responded), sum(response_seconds), sum(positive), sum(neutral), sum(negative) FROM (
    SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text,
    responded, response_seconds, positive, neutral, negative FROM changed_new
    UNION ALL
    SELECT company_id, location_id, date_trunc('month', day)::date, is_competitor, -reviews, -rated, -rating_sum, -stars1, -stars2, -stars3, -stars4, -stars5, -with_text,
    -responded, -response_seconds, -positive, -neutral, -negative FROM changed_old
  ) delta GROUP BY company_id, location_id, month, is_competitor
  ON CONFLICT (company_id, is_competitor, month, location_id) DO UPDATE SET reviews = c.reviews + excluded.reviews, rated = c.rated + excluded.rated, rating_sum = c.rating_sum + excluded.rating_sum,
    stars1 = c.stars1 + excluded.stars1, stars2 = c.stars2 + excluded.stars2, stars3 = c.stars3 + excluded.stars3,
    stars4 = c.stars4 + excluded.stars4, stars5 = c.stars5 + excluded.stars5, with_text = c.with_text + excluded.with_text,
    responded = c.responded + excluded.responded, response_seconds = c.response_seconds + excluded.response_seconds, positive = c.positive + excluded.positive,
    neutral = c.neutral + excluded.neutral, negative = c.negative + excluded.negative;
  DELETE FROM review_location_monthly c USING (SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor FROM changed_old
    UNION SELECT company_id, location_id, date_trunc('month', day)::date, is_competitor FROM changed_new) x
  WHERE c.company_id = x.company_id AND c.is_competitor = x.is_competitor AND c.month = x.month AND c.location_id = x.location_id AND c.reviews <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER review_location_monthly_insert AFTER INSERT ON review_daily REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION review_location_monthly_insert();
--> statement-breakpoint
CREATE TRIGGER review_location_monthly_delete AFTER DELETE ON review_daily REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION review_location_monthly_delete();
--> statement-breakpoint
CREATE TRIGGER review_location_monthly_update AFTER UPDATE ON review_daily REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION review_location_monthly_update();
--> statement-breakpoint
-- The rows review_daily already holds (a few seconds at a million reviews).
INSERT INTO review_location_monthly (company_id, location_id, month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text,
  responded, response_seconds, positive, neutral, negative)
SELECT company_id, location_id, date_trunc('month', day)::date, is_competitor, sum(reviews), sum(rated), sum(rating_sum), sum(stars1), sum(stars2),
  sum(stars3), sum(stars4), sum(stars5), sum(with_text), sum(responded), sum(response_seconds), sum(positive), sum(neutral), sum(negative)
FROM review_daily GROUP BY company_id, location_id, date_trunc('month', day)::date, is_competitor;
