CREATE TABLE "topic_location_monthly" (
	"company_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"month" date NOT NULL,
	"is_competitor" boolean DEFAULT false NOT NULL,
	"topic" text NOT NULL,
	"subtopic" text DEFAULT '' NOT NULL,
	"mentions" integer DEFAULT 0 NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"neutral" integer DEFAULT 0 NOT NULL,
	"negative" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "topic_location_monthly_pk" PRIMARY KEY("company_id","is_competitor","location_id","month","topic","subtopic") INCLUDE ("mentions", "positive", "neutral", "negative")
);
--> statement-breakpoint
ALTER TABLE "topic_location_monthly" ADD CONSTRAINT "topic_location_monthly_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- topic_location_monthly follows topic_daily's topics (kind 'topic') through statement-level
-- triggers, as the company-wide tables do (migrations 0010, 0012): the rows a statement inserted,
-- deleted or changed are summed per company, location, month and topic and added to or taken from
-- the monthly rows, and a row left with no mentions is deleted. The primary key carries the counters
-- (INCLUDE): a read of some locations is an index-only range per location.
CREATE OR REPLACE FUNCTION topic_location_monthly_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO topic_location_monthly AS c (company_id, is_competitor, location_id, month, topic, subtopic, mentions, positive, neutral, negative)
  SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date, topic, subtopic, sum(mentions), sum(positive), sum(neutral), sum(negative)
  FROM changed_new WHERE kind = 'topic' GROUP BY company_id, is_competitor, location_id, date_trunc('month', day)::date, topic, subtopic
  ON CONFLICT (company_id, is_competitor, location_id, month, topic, subtopic) DO UPDATE SET mentions = c.mentions + excluded.mentions, positive = c.positive + excluded.positive,
    neutral = c.neutral + excluded.neutral, negative = c.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION topic_location_monthly_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE topic_location_monthly c SET mentions = c.mentions - x.mentions, positive = c.positive - x.positive,
    neutral = c.neutral - x.neutral, negative = c.negative - x.negative
  FROM (SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, topic, subtopic, sum(mentions) AS mentions, sum(positive) AS positive,
    sum(neutral) AS neutral, sum(negative) AS negative
    FROM changed_old WHERE kind = 'topic' GROUP BY company_id, is_competitor, location_id, date_trunc('month', day)::date, topic, subtopic) x
  WHERE c.company_id = x.company_id AND c.is_competitor = x.is_competitor AND c.location_id = x.location_id AND c.month = x.month AND c.topic = x.topic AND c.subtopic = x.subtopic;
  DELETE FROM topic_location_monthly c USING (SELECT DISTINCT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, topic, subtopic
    FROM changed_old WHERE kind = 'topic') x
  WHERE c.company_id = x.company_id AND c.is_competitor = x.is_competitor AND c.location_id = x.location_id AND c.month = x.month AND c.topic = x.topic AND c.subtopic = x.subtopic AND c.mentions <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE adds new minus old per key (a row may even move to another month or location).
CREATE OR REPLACE FUNCTION topic_location_monthly_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO topic_location_monthly AS c (company_id, is_competitor, location_id, month, topic, subtopic, mentions, positive, neutral, negative)
  SELECT company_id, is_competitor, location_id, month, topic, subtopic, sum(mentions), sum(positive), sum(neutral), sum(negative) FROM (
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, topic, subtopic, mentions, positive, neutral, negative
    FROM changed_new WHERE kind = 'topic'
    UNION ALL
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date, topic, subtopic, -mentions, -positive, -neutral, -negative
    FROM changed_old WHERE kind = 'topic'
  ) delta GROUP BY company_id, is_competitor, location_id, month, topic, subtopic
  ON CONFLICT (company_id, is_competitor, location_id, month, topic, subtopic) DO UPDATE SET mentions = c.mentions + excluded.mentions, positive = c.positive + excluded.positive,
    neutral = c.neutral + excluded.neutral, negative = c.negative + excluded.negative;
  DELETE FROM topic_location_monthly c USING (
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, topic, subtopic FROM changed_old WHERE kind = 'topic'
    UNION SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date, topic, subtopic FROM changed_new WHERE kind = 'topic') x
  WHERE c.company_id = x.company_id AND c.is_competitor = x.is_competitor AND c.location_id = x.location_id AND c.month = x.month AND c.topic = x.topic AND c.subtopic = x.subtopic AND c.mentions <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER topic_location_monthly_insert AFTER INSERT ON topic_daily REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION topic_location_monthly_insert();
--> statement-breakpoint
CREATE TRIGGER topic_location_monthly_delete AFTER DELETE ON topic_daily REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION topic_location_monthly_delete();
--> statement-breakpoint
CREATE TRIGGER topic_location_monthly_update AFTER UPDATE ON topic_daily REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION topic_location_monthly_update();
--> statement-breakpoint
-- The topics topic_daily already holds.
INSERT INTO topic_location_monthly (company_id, is_competitor, location_id, month, topic, subtopic, mentions, positive, neutral, negative)
SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date, topic, subtopic, sum(mentions), sum(positive), sum(neutral), sum(negative)
FROM topic_daily WHERE kind = 'topic' GROUP BY company_id, is_competitor, location_id, date_trunc('month', day)::date, topic, subtopic;
--> statement-breakpoint
-- Company-wide topics of whole months: with the flag and the counters in the index, a read is an
-- index-only range instead of a page fetch per row (a 17-month view at W1: 832 pages).
DROP INDEX IF EXISTS "topic_monthly_company_kind_month_idx";
--> statement-breakpoint
CREATE INDEX "topic_monthly_company_kind_month_idx" ON "topic_monthly" USING btree ("company_id", "kind", "is_competitor", "month")
  INCLUDE ("source", "topic", "subtopic", "mentions", "positive", "neutral", "negative");
