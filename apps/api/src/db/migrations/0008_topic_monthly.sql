CREATE TABLE "topic_monthly" (
	"company_id" integer NOT NULL,
	"source" text NOT NULL,
	"month" date NOT NULL,
	"is_competitor" boolean DEFAULT false NOT NULL,
	"kind" text NOT NULL,
	"topic" text NOT NULL,
	"subtopic" text DEFAULT '' NOT NULL,
	"mentions" integer DEFAULT 0 NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"neutral" integer DEFAULT 0 NOT NULL,
	"negative" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "topic_monthly_company_id_source_month_is_competitor_kind_topic_subtopic_pk" PRIMARY KEY("company_id","source","month","is_competitor","kind","topic","subtopic")
);
--> statement-breakpoint
ALTER TABLE "topic_monthly" ADD CONSTRAINT "topic_monthly_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topic_monthly_company_kind_month_idx" ON "topic_monthly" USING btree ("company_id","kind","month");--> statement-breakpoint
-- The triggers' functions now keep topic_monthly too (same counters, month grain, no location).
CREATE OR REPLACE FUNCTION topic_daily_take(r reviews) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE topic_daily d SET mentions = d.mentions - x.mentions, positive = d.positive - x.positive, neutral = d.neutral - x.neutral, negative = d.negative - x.negative
  FROM (
    SELECT kind, topic, subtopic, count(*)::int AS mentions, (count(*) FILTER (WHERE sentiment > 0))::int AS positive,
      (count(*) FILTER (WHERE sentiment = 0))::int AS neutral, (count(*) FILTER (WHERE sentiment < 0))::int AS negative
    FROM review_topics WHERE review_id = r.id GROUP BY kind, topic, subtopic
  ) x
  WHERE d.company_id = r.company_id AND d.location_id = coalesce(r.location_id, 0) AND d.source = r.source
    AND d.day = (r.created_at AT TIME ZONE 'UTC')::date AND d.is_competitor = r.is_competitor
    AND d.kind = x.kind AND d.topic = x.topic AND d.subtopic = x.subtopic;
  DELETE FROM topic_daily d
  WHERE d.company_id = r.company_id AND d.location_id = coalesce(r.location_id, 0) AND d.source = r.source
    AND d.day = (r.created_at AT TIME ZONE 'UTC')::date AND d.is_competitor = r.is_competitor AND d.mentions <= 0;
  UPDATE topic_monthly m SET mentions = m.mentions - x.mentions, positive = m.positive - x.positive, neutral = m.neutral - x.neutral, negative = m.negative - x.negative
  FROM (
    SELECT kind, topic, subtopic, count(*)::int AS mentions, (count(*) FILTER (WHERE sentiment > 0))::int AS positive,
      (count(*) FILTER (WHERE sentiment = 0))::int AS neutral, (count(*) FILTER (WHERE sentiment < 0))::int AS negative
    FROM review_topics WHERE review_id = r.id GROUP BY kind, topic, subtopic
  ) x
  WHERE m.company_id = r.company_id AND m.source = r.source AND m.month = date_trunc('month', (r.created_at AT TIME ZONE 'UTC')::date)::date
    AND m.is_competitor = r.is_competitor AND m.kind = x.kind AND m.topic = x.topic AND m.subtopic = x.subtopic;
  DELETE FROM topic_monthly m
  WHERE m.company_id = r.company_id AND m.source = r.source AND m.month = date_trunc('month', (r.created_at AT TIME ZONE 'UTC')::date)::date
    AND m.is_competitor = r.is_competitor AND m.mentions <= 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION topic_daily_give(r reviews) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO topic_daily (company_id, location_id, source, day, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative)
  SELECT r.company_id, coalesce(r.location_id, 0), r.source, (r.created_at AT TIME ZONE 'UTC')::date, r.is_competitor, kind, topic, subtopic,
    count(*)::int, (count(*) FILTER (WHERE sentiment > 0))::int, (count(*) FILTER (WHERE sentiment = 0))::int, (count(*) FILTER (WHERE sentiment < 0))::int
  FROM review_topics WHERE review_id = r.id GROUP BY kind, topic, subtopic
  ON CONFLICT (company_id, location_id, source, day, is_competitor, kind, topic, subtopic) DO UPDATE SET
    mentions = topic_daily.mentions + excluded.mentions, positive = topic_daily.positive + excluded.positive,
    neutral = topic_daily.neutral + excluded.neutral, negative = topic_daily.negative + excluded.negative;
  INSERT INTO topic_monthly (company_id, source, month, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative)
  SELECT r.company_id, r.source, date_trunc('month', (r.created_at AT TIME ZONE 'UTC')::date)::date, r.is_competitor, kind, topic, subtopic,
    count(*)::int, (count(*) FILTER (WHERE sentiment > 0))::int, (count(*) FILTER (WHERE sentiment = 0))::int, (count(*) FILTER (WHERE sentiment < 0))::int
  FROM review_topics WHERE review_id = r.id GROUP BY kind, topic, subtopic
  ON CONFLICT (company_id, source, month, is_competitor, kind, topic, subtopic) DO UPDATE SET
    mentions = topic_monthly.mentions + excluded.mentions, positive = topic_monthly.positive + excluded.positive,
    neutral = topic_monthly.neutral + excluded.neutral, negative = topic_monthly.negative + excluded.negative;
END $$;
--> statement-breakpoint
-- Existing data: topic_monthly summed from topic_daily.
INSERT INTO topic_monthly (company_id, source, month, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative)
SELECT company_id, source, date_trunc('month', day)::date, is_competitor, kind, topic, subtopic, sum(mentions), sum(positive), sum(neutral), sum(negative)
FROM topic_daily GROUP BY company_id, source, date_trunc('month', day)::date, is_competitor, kind, topic, subtopic;
