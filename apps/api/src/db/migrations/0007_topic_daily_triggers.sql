-- Keep topic_daily exact whatever code deletes or moves a review (date, location, source, flag):
-- the review's analysed topics (review_topics) leave its old rollup row and, for a move, join the new one.
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reviews_topic_daily_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM topic_daily_take(OLD);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reviews_topic_daily_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(OLD.location_id, 0) <> coalesce(NEW.location_id, 0) OR OLD.source <> NEW.source OR OLD.is_competitor <> NEW.is_competitor
     OR (OLD.created_at AT TIME ZONE 'UTC')::date <> (NEW.created_at AT TIME ZONE 'UTC')::date THEN
    PERFORM topic_daily_take(OLD);
    PERFORM topic_daily_give(NEW);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- BEFORE DELETE: the review's review_topics rows are still there (the cascade runs after the delete).
CREATE TRIGGER reviews_topic_daily_delete BEFORE DELETE ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_topic_daily_delete();
--> statement-breakpoint
CREATE TRIGGER reviews_topic_daily_move AFTER UPDATE OF location_id, source, created_at, is_competitor ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_topic_daily_move();
