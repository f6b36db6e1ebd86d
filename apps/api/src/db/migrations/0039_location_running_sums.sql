CREATE TABLE "review_location_mtd" (
	"company_id" integer NOT NULL,
	"is_competitor" boolean DEFAULT false NOT NULL,
	"day" date NOT NULL,
	"location_id" integer NOT NULL,
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
	CONSTRAINT "review_location_mtd_pk" PRIMARY KEY("company_id","is_competitor","day","location_id") INCLUDE ("reviews", "rated", "rating_sum", "stars1", "stars2", "stars3", "stars4", "stars5", "with_text", "responded", "response_seconds", "positive", "neutral", "negative")
);
--> statement-breakpoint
CREATE TABLE "review_location_ytd" (
	"company_id" integer NOT NULL,
	"is_competitor" boolean DEFAULT false NOT NULL,
	"month" date NOT NULL,
	"location_id" integer NOT NULL,
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
	CONSTRAINT "review_location_ytd_pk" PRIMARY KEY("company_id","is_competitor","month","location_id") INCLUDE ("reviews", "rated", "rating_sum", "stars1", "stars2", "stars3", "stars4", "stars5", "with_text", "responded", "response_seconds", "positive", "neutral", "negative")
);
--> statement-breakpoint
ALTER TABLE "review_location_mtd" ADD CONSTRAINT "review_location_mtd_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_location_ytd" ADD CONSTRAINT "review_location_ytd_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The running sums follow review_daily through statement-level triggers, as the other company tables
-- do (migrations 0010, 0012): the rows a statement inserted, deleted or changed are summed per
-- company, flag, location and day (new minus old), and each change is added to every running sum
-- it falls in: the days from its day to the end of its month (review_location_mtd) and the months
-- from its month to December (review_location_ytd). A running sum left with no reviews is deleted
-- (a missing row reads as zero). At most 31 and 12 rows a changed location-day.
CREATE TYPE review_rollup_delta AS (company_id integer, is_competitor boolean, location_id integer, day date,
  reviews integer, rated integer, rating_sum integer, stars1 integer, stars2 integer, stars3 integer, stars4 integer, stars5 integer,
  with_text integer, responded integer, response_seconds double precision, positive integer, neutral integer, negative integer);
--> statement-breakpoint
-- A rebuild of review_daily (rebuildReviewDaily) sets reputo.rollup_rebuild for its statements and
-- writes the running sums once afterwards, instead of spreading a million rows a day at a time.
CREATE OR REPLACE FUNCTION review_location_running_apply(delta review_rollup_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('reputo.rollup_rebuild', true), '') = 'on' OR cardinality(delta) = 0 THEN RETURN; END IF;
  INSERT INTO review_location_mtd AS t (company_id, is_competitor, day, location_id, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT d.company_id, d.is_competitor, g.day::date, d.location_id, sum(d.reviews), sum(d.rated), sum(d.rating_sum), sum(d.stars1), sum(d.stars2), sum(d.stars3), sum(d.stars4), sum(d.stars5), sum(d.with_text), sum(d.responded), sum(d.response_seconds), sum(d.positive), sum(d.neutral), sum(d.negative)
  FROM unnest(delta) d CROSS JOIN LATERAL generate_series(d.day, (date_trunc('month', d.day) + interval '1 month - 1 day')::date, interval '1 day') AS g(day)
  GROUP BY d.company_id, d.is_competitor, g.day, d.location_id ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, is_competitor, day, location_id) DO UPDATE SET reviews = t.reviews + excluded.reviews, rated = t.rated + excluded.rated, rating_sum = t.rating_sum + excluded.rating_sum, stars1 = t.stars1 + excluded.stars1, stars2 = t.stars2 + excluded.stars2, stars3 = t.stars3 + excluded.stars3, stars4 = t.stars4 + excluded.stars4, stars5 = t.stars5 + excluded.stars5, with_text = t.with_text + excluded.with_text, responded = t.responded + excluded.responded, response_seconds = t.response_seconds + excluded.response_seconds, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  INSERT INTO review_location_ytd AS t (company_id, is_competitor, month, location_id, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT d.company_id, d.is_competitor, g.month::date, d.location_id, sum(d.reviews), sum(d.rated), sum(d.rating_sum), sum(d.stars1), sum(d.stars2), sum(d.stars3), sum(d.stars4), sum(d.stars5), sum(d.with_text), sum(d.responded), sum(d.response_seconds), sum(d.positive), sum(d.neutral), sum(d.negative)
  FROM unnest(delta) d CROSS JOIN LATERAL generate_series(date_trunc('month', d.day), date_trunc('year', d.day) + interval '11 months', interval '1 month') AS g(month)
  GROUP BY d.company_id, d.is_competitor, g.month, d.location_id ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_id, is_competitor, month, location_id) DO UPDATE SET reviews = t.reviews + excluded.reviews, rated = t.rated + excluded.rated, rating_sum = t.rating_sum + excluded.rating_sum, stars1 = t.stars1 + excluded.stars1, stars2 = t.stars2 + excluded.stars2, stars3 = t.stars3 + excluded.stars3, stars4 = t.stars4 + excluded.stars4, stars5 = t.stars5 + excluded.stars5, with_text = t.with_text + excluded.with_text, responded = t.responded + excluded.responded, response_seconds = t.response_seconds + excluded.response_seconds, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  -- Only a change that took reviews away can leave a running sum at zero.
  DELETE FROM review_location_mtd t USING (
    SELECT DISTINCT d.company_id, d.is_competitor, g.day::date AS day, d.location_id FROM unnest(delta) d
    CROSS JOIN LATERAL generate_series(d.day, (date_trunc('month', d.day) + interval '1 month - 1 day')::date, interval '1 day') AS g(day)
    WHERE d.reviews < 0) k
  WHERE t.company_id = k.company_id AND t.is_competitor = k.is_competitor AND t.day = k.day AND t.location_id = k.location_id AND t.reviews <= 0;
  DELETE FROM review_location_ytd t USING (
    SELECT DISTINCT d.company_id, d.is_competitor, g.month::date AS month, d.location_id FROM unnest(delta) d
    CROSS JOIN LATERAL generate_series(date_trunc('month', d.day), date_trunc('year', d.day) + interval '11 months', interval '1 month') AS g(month)
    WHERE d.reviews < 0) k
  WHERE t.company_id = k.company_id AND t.is_competitor = k.is_competitor AND t.month = k.month AND t.location_id = k.location_id AND t.reviews <= 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_location_running_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM review_location_running_apply(ARRAY(
    SELECT ROW(company_id, is_competitor, location_id, day, sum(reviews), sum(rated), sum(rating_sum), sum(stars1), sum(stars2), sum(stars3), sum(stars4), sum(stars5), sum(with_text), sum(responded), sum(response_seconds), sum(positive), sum(neutral), sum(negative))::review_rollup_delta
    FROM changed_new GROUP BY company_id, is_competitor, location_id, day));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_location_running_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM review_location_running_apply(ARRAY(
    SELECT ROW(company_id, is_competitor, location_id, day, -sum(reviews), -sum(rated), -sum(rating_sum), -sum(stars1), -sum(stars2), -sum(stars3), -sum(stars4), -sum(stars5), -sum(with_text), -sum(responded), -sum(response_seconds), -sum(positive), -sum(neutral), -sum(negative))::review_rollup_delta
    FROM changed_old GROUP BY company_id, is_competitor, location_id, day));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE adds new minus old per key (a row may even move to another day or location).
CREATE OR REPLACE FUNCTION review_location_running_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM review_location_running_apply(ARRAY(
    SELECT ROW(company_id, is_competitor, location_id, day, sum(reviews), sum(rated), sum(rating_sum), sum(stars1), sum(stars2), sum(stars3), sum(stars4), sum(stars5), sum(with_text), sum(responded), sum(response_seconds), sum(positive), sum(neutral), sum(negative))::review_rollup_delta FROM (
      SELECT company_id, is_competitor, location_id, day, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM changed_new
      UNION ALL
      SELECT company_id, is_competitor, location_id, day, -reviews, -rated, -rating_sum, -stars1, -stars2, -stars3, -stars4, -stars5, -with_text, -responded, -response_seconds, -positive, -neutral, -negative FROM changed_old
    ) delta GROUP BY company_id, is_competitor, location_id, day));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER review_location_running_insert AFTER INSERT ON review_daily REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION review_location_running_insert();
--> statement-breakpoint
CREATE TRIGGER review_location_running_delete AFTER DELETE ON review_daily REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION review_location_running_delete();
--> statement-breakpoint
CREATE TRIGGER review_location_running_update AFTER UPDATE ON review_daily REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION review_location_running_update();
--> statement-breakpoint
-- A company's running sums written anew from review_daily and review_location_monthly: after a
-- rebuild of review_daily (rebuildReviewDaily), and below for what the tables already hold.
CREATE OR REPLACE FUNCTION review_location_running_rebuild(company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM review_location_mtd WHERE company_id = company;
  DELETE FROM review_location_ytd WHERE company_id = company;
  INSERT INTO review_location_mtd (company_id, is_competitor, day, location_id, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, is_competitor, day, location_id, sum(reviews) OVER w, sum(rated) OVER w, sum(rating_sum) OVER w, sum(stars1) OVER w, sum(stars2) OVER w, sum(stars3) OVER w, sum(stars4) OVER w, sum(stars5) OVER w, sum(with_text) OVER w, sum(responded) OVER w, sum(response_seconds) OVER w, sum(positive) OVER w, sum(neutral) OVER w, sum(negative) OVER w
  FROM (
    SELECT k.company_id, k.is_competitor, k.location_id, g.day::date AS day, coalesce(x.reviews, 0) AS reviews, coalesce(x.rated, 0) AS rated, coalesce(x.rating_sum, 0) AS rating_sum, coalesce(x.stars1, 0) AS stars1, coalesce(x.stars2, 0) AS stars2, coalesce(x.stars3, 0) AS stars3, coalesce(x.stars4, 0) AS stars4, coalesce(x.stars5, 0) AS stars5, coalesce(x.with_text, 0) AS with_text, coalesce(x.responded, 0) AS responded, coalesce(x.response_seconds, 0) AS response_seconds, coalesce(x.positive, 0) AS positive, coalesce(x.neutral, 0) AS neutral, coalesce(x.negative, 0) AS negative
    FROM (SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, min(day) AS first
      FROM review_daily WHERE company_id = company GROUP BY 1, 2, 3, 4) k
    CROSS JOIN LATERAL generate_series(k.first, (k.month + interval '1 month - 1 day')::date, interval '1 day') AS g(day)
    LEFT JOIN (SELECT company_id, is_competitor, location_id, day, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM review_daily WHERE company_id = company GROUP BY 1, 2, 3, 4) x
      ON x.company_id = k.company_id AND x.is_competitor = k.is_competitor AND x.location_id = k.location_id AND x.day = g.day::date
  ) dense
  WINDOW w AS (PARTITION BY company_id, is_competitor, location_id, date_trunc('month', day) ORDER BY day);
  INSERT INTO review_location_ytd (company_id, is_competitor, month, location_id, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, is_competitor, month, location_id, sum(reviews) OVER w, sum(rated) OVER w, sum(rating_sum) OVER w, sum(stars1) OVER w, sum(stars2) OVER w, sum(stars3) OVER w, sum(stars4) OVER w, sum(stars5) OVER w, sum(with_text) OVER w, sum(responded) OVER w, sum(response_seconds) OVER w, sum(positive) OVER w, sum(neutral) OVER w, sum(negative) OVER w
  FROM (
    SELECT k.company_id, k.is_competitor, k.location_id, g.month::date AS month, coalesce(x.reviews, 0) AS reviews, coalesce(x.rated, 0) AS rated, coalesce(x.rating_sum, 0) AS rating_sum, coalesce(x.stars1, 0) AS stars1, coalesce(x.stars2, 0) AS stars2, coalesce(x.stars3, 0) AS stars3, coalesce(x.stars4, 0) AS stars4, coalesce(x.stars5, 0) AS stars5, coalesce(x.with_text, 0) AS with_text, coalesce(x.responded, 0) AS responded, coalesce(x.response_seconds, 0) AS response_seconds, coalesce(x.positive, 0) AS positive, coalesce(x.neutral, 0) AS neutral, coalesce(x.negative, 0) AS negative
    FROM (SELECT company_id, is_competitor, location_id, date_trunc('year', month)::date AS year, min(month) AS first
      FROM review_location_monthly WHERE company_id = company GROUP BY 1, 2, 3, 4) k
    CROSS JOIN LATERAL generate_series(k.first, k.year + interval '11 months', interval '1 month') AS g(month)
    LEFT JOIN review_location_monthly x
      ON x.company_id = k.company_id AND x.is_competitor = k.is_competitor AND x.location_id = k.location_id AND x.month = g.month::date
  ) dense
  WINDOW w AS (PARTITION BY company_id, is_competitor, location_id, date_trunc('year', month) ORDER BY month);
END $$;
--> statement-breakpoint
SELECT review_location_running_rebuild(id) FROM companies;
