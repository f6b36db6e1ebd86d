CREATE TABLE "review_company_daily" (
	"company_id" integer NOT NULL,
	"source" text NOT NULL,
	"day" date NOT NULL,
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
	CONSTRAINT "review_company_daily_pk" PRIMARY KEY("company_id","is_competitor","day","source")
);
--> statement-breakpoint
CREATE TABLE "topic_company_daily" (
	"company_id" integer NOT NULL,
	"source" text NOT NULL,
	"day" date NOT NULL,
	"is_competitor" boolean DEFAULT false NOT NULL,
	"kind" text NOT NULL,
	"topic" text NOT NULL,
	"subtopic" text DEFAULT '' NOT NULL,
	"mentions" integer DEFAULT 0 NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"neutral" integer DEFAULT 0 NOT NULL,
	"negative" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "topic_company_daily_pk" PRIMARY KEY("company_id","kind","is_competitor","day","source","topic","subtopic")
);
--> statement-breakpoint
ALTER TABLE "review_company_daily" ADD CONSTRAINT "review_company_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_company_daily" ADD CONSTRAINT "topic_company_daily_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_company_list_idx" ON "reviews" USING btree ("company_id","is_competitor","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- review_company_daily and topic_company_daily follow review_daily and topic_daily through
-- statement-level triggers: the rows a statement inserted, deleted or changed (its transition tables)
-- are summed per company, source and day and added to or taken from the company-wide rows, and a row
-- left with nothing is deleted, as the per-location tables do. One aggregate per statement, not one per
-- row, so bulk rebuilds stay fast and single-review writes cost one small upsert.
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_company_daily_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_company_daily AS c (company_id, source, day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text,
    responded, response_seconds, positive, neutral, negative)
  SELECT company_id, source, day, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2,
    sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded,
    sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM changed_new GROUP BY company_id, source, day, is_competitor
  ON CONFLICT (company_id, is_competitor, day, source) DO UPDATE SET reviews = c.reviews + excluded.reviews, rated = c.rated + excluded.rated, rating_sum = c.rating_sum + excluded.rating_sum,
    stars1 = c.stars1 + excluded.stars1, stars2 = c.stars2 + excluded.stars2, stars3 = c.stars3 + excluded.stars3,
    stars4 = c.stars4 + excluded.stars4, stars5 = c.stars5 + excluded.stars5, with_text = c.with_text + excluded.with_text,
    responded = c.responded + excluded.responded, response_seconds = c.response_seconds + excluded.response_seconds, positive = c.positive + excluded.positive,
    neutral = c.neutral + excluded.neutral, negative = c.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_company_daily_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE review_company_daily c SET reviews = c.reviews - x.reviews, rated = c.rated - x.rated, rating_sum = c.rating_sum - x.rating_sum,
    stars1 = c.stars1 - x.stars1, stars2 = c.stars2 - x.stars2, stars3 = c.stars3 - x.stars3,
    stars4 = c.stars4 - x.stars4, stars5 = c.stars5 - x.stars5, with_text = c.with_text - x.with_text,
    responded = c.responded - x.responded, response_seconds = c.response_seconds - x.response_seconds, positive = c.positive - x.positive,
    neutral = c.neutral - x.neutral, negative = c.negative - x.negative
  FROM (SELECT company_id, source, day, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2,
    sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded,
    sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM changed_old GROUP BY company_id, source, day, is_competitor) x
  WHERE c.company_id = x.company_id AND c.source = x.source AND c.day = x.day AND c.is_competitor = x.is_competitor;
  DELETE FROM review_company_daily c USING (SELECT DISTINCT company_id, source, day, is_competitor FROM changed_old) x WHERE c.company_id = x.company_id AND c.source = x.source AND c.day = x.day AND c.is_competitor = x.is_competitor AND c.reviews <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE adds new minus old per key (a row may even move to another day or source).
CREATE OR REPLACE FUNCTION review_company_daily_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_company_daily AS c (company_id, source, day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text,
    responded, response_seconds, positive, neutral, negative)
  SELECT company_id, source, day, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2,
    sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded,
    sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (
    SELECT company_id, source, day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text,
    responded, response_seconds, positive, neutral, negative FROM changed_new
    UNION ALL
    SELECT company_id, source, day, is_competitor, -reviews, -rated, -rating_sum, -stars1, -stars2, -stars3, -stars4, -stars5, -with_text,
    -responded, -response_seconds, -positive, -neutral, -negative FROM changed_old
  ) delta GROUP BY company_id, source, day, is_competitor
  ON CONFLICT (company_id, is_competitor, day, source) DO UPDATE SET reviews = c.reviews + excluded.reviews, rated = c.rated + excluded.rated, rating_sum = c.rating_sum + excluded.rating_sum,
    stars1 = c.stars1 + excluded.stars1, stars2 = c.stars2 + excluded.stars2, stars3 = c.stars3 + excluded.stars3,
    stars4 = c.stars4 + excluded.stars4, stars5 = c.stars5 + excluded.stars5, with_text = c.with_text + excluded.with_text,
    responded = c.responded + excluded.responded, response_seconds = c.response_seconds + excluded.response_seconds, positive = c.positive + excluded.positive,
    neutral = c.neutral + excluded.neutral, negative = c.negative + excluded.negative;
  DELETE FROM review_company_daily c USING (SELECT DISTINCT company_id, source, day, is_competitor FROM changed_old UNION SELECT company_id, source, day, is_competitor FROM changed_new) x WHERE c.company_id = x.company_id AND c.source = x.source AND c.day = x.day AND c.is_competitor = x.is_competitor AND c.reviews <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER review_company_daily_insert AFTER INSERT ON review_daily REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION review_company_daily_insert();
--> statement-breakpoint
CREATE TRIGGER review_company_daily_delete AFTER DELETE ON review_daily REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION review_company_daily_delete();
--> statement-breakpoint
CREATE TRIGGER review_company_daily_update AFTER UPDATE ON review_daily REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION review_company_daily_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION topic_company_daily_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO topic_company_daily AS c (company_id, source, day, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative)
  SELECT company_id, source, day, is_competitor, kind, topic, subtopic, sum(mentions) AS mentions, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM changed_new GROUP BY company_id, source, day, is_competitor, kind, topic, subtopic
  ON CONFLICT (company_id, kind, is_competitor, day, source, topic, subtopic) DO UPDATE SET mentions = c.mentions + excluded.mentions, positive = c.positive + excluded.positive, neutral = c.neutral + excluded.neutral,
    negative = c.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION topic_company_daily_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE topic_company_daily c SET mentions = c.mentions - x.mentions, positive = c.positive - x.positive, neutral = c.neutral - x.neutral,
    negative = c.negative - x.negative
  FROM (SELECT company_id, source, day, is_competitor, kind, topic, subtopic, sum(mentions) AS mentions, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM changed_old GROUP BY company_id, source, day, is_competitor, kind, topic, subtopic) x
  WHERE c.company_id = x.company_id AND c.source = x.source AND c.day = x.day AND c.is_competitor = x.is_competitor AND c.kind = x.kind AND c.topic = x.topic AND c.subtopic = x.subtopic;
  DELETE FROM topic_company_daily c USING (SELECT DISTINCT company_id, source, day, is_competitor, kind, topic, subtopic FROM changed_old) x WHERE c.company_id = x.company_id AND c.source = x.source AND c.day = x.day AND c.is_competitor = x.is_competitor AND c.kind = x.kind AND c.topic = x.topic AND c.subtopic = x.subtopic AND c.mentions <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE adds new minus old per key (a row may even move to another day or source).
CREATE OR REPLACE FUNCTION topic_company_daily_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO topic_company_daily AS c (company_id, source, day, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative)
  SELECT company_id, source, day, is_competitor, kind, topic, subtopic, sum(mentions) AS mentions, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (
    SELECT company_id, source, day, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative FROM changed_new
    UNION ALL
    SELECT company_id, source, day, is_competitor, kind, topic, subtopic, -mentions, -positive, -neutral, -negative FROM changed_old
  ) delta GROUP BY company_id, source, day, is_competitor, kind, topic, subtopic
  ON CONFLICT (company_id, kind, is_competitor, day, source, topic, subtopic) DO UPDATE SET mentions = c.mentions + excluded.mentions, positive = c.positive + excluded.positive, neutral = c.neutral + excluded.neutral,
    negative = c.negative + excluded.negative;
  DELETE FROM topic_company_daily c USING (SELECT DISTINCT company_id, source, day, is_competitor, kind, topic, subtopic FROM changed_old UNION SELECT company_id, source, day, is_competitor, kind, topic, subtopic FROM changed_new) x WHERE c.company_id = x.company_id AND c.source = x.source AND c.day = x.day AND c.is_competitor = x.is_competitor AND c.kind = x.kind AND c.topic = x.topic AND c.subtopic = x.subtopic AND c.mentions <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER topic_company_daily_insert AFTER INSERT ON topic_daily REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION topic_company_daily_insert();
--> statement-breakpoint
CREATE TRIGGER topic_company_daily_delete AFTER DELETE ON topic_daily REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION topic_company_daily_delete();
--> statement-breakpoint
CREATE TRIGGER topic_company_daily_update AFTER UPDATE ON topic_daily REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION topic_company_daily_update();
--> statement-breakpoint
-- Existing data: the company-wide rows summed from the per-location ones.
INSERT INTO review_company_daily (company_id, source, day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
SELECT company_id, source, day, is_competitor, sum(reviews), sum(rated), sum(rating_sum), sum(stars1), sum(stars2), sum(stars3), sum(stars4), sum(stars5), sum(with_text), sum(responded), sum(response_seconds), sum(positive), sum(neutral), sum(negative) FROM review_daily GROUP BY company_id, source, day, is_competitor;
--> statement-breakpoint
INSERT INTO topic_company_daily (company_id, source, day, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative)
SELECT company_id, source, day, is_competitor, kind, topic, subtopic, sum(mentions), sum(positive), sum(neutral), sum(negative) FROM topic_daily GROUP BY company_id, source, day, is_competitor, kind, topic, subtopic;
