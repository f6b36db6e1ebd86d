-- The rollups kept by statement triggers (migrations 0010, 0012, 0038, 0040) deleted a row left with
-- nothing after subtracting: `DELETE ... USING <the statement's keys> WHERE <key> AND t.reviews <= 0`.
-- The planner knows from the table's statistics that no row holds zero, so it scanned the table for
-- `reviews <= 0` and, expecting one row, looped over the keys for each row it found: after a large
-- delete from review_daily or topic_daily every key had reached zero, and the loop was rows times keys.
-- Deleting 3,094 topic_daily rows took 4.5 s (62 ms without the triggers); a company's rebuild of
-- review_daily 18 s; on the embedded database, which has one connection, every request waited as long.
-- Now the rows a change empties are found by key first (`t.reviews <= x.reviews`, a join condition,
-- so each key is one index lookup) and deleted, and only then are the others changed. Same results.
-- A whole company's rebuild of review_daily (rebuildReviewDaily, with reputo.rollup_rebuild on, as
-- the running sums of migration 0039 already did) skips the triggers of review_daily's rollups and
-- writes them once at its end (review_rollups_rebuild below).
--> statement-breakpoint
-- During rebuildReviewDaily (the setting reputo.rollup_rebuild) the rows are written once at its end.
CREATE OR REPLACE FUNCTION review_company_daily_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('reputo.rollup_rebuild', true), '') = 'on' THEN RETURN NULL; END IF;
  INSERT INTO review_company_daily AS t (company_id, source, day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, source, day, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (SELECT company_id, source, day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM changed_new) r GROUP BY company_id, source, day, is_competitor
  ORDER BY company_id, source, day, is_competitor
  ON CONFLICT (company_id, is_competitor, day, source) DO UPDATE SET reviews = t.reviews + excluded.reviews, rated = t.rated + excluded.rated, rating_sum = t.rating_sum + excluded.rating_sum, stars1 = t.stars1 + excluded.stars1, stars2 = t.stars2 + excluded.stars2, stars3 = t.stars3 + excluded.stars3, stars4 = t.stars4 + excluded.stars4, stars5 = t.stars5 + excluded.stars5, with_text = t.with_text + excluded.with_text, responded = t.responded + excluded.responded, response_seconds = t.response_seconds + excluded.response_seconds, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_company_daily_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('reputo.rollup_rebuild', true), '') = 'on' THEN RETURN NULL; END IF;
  DELETE FROM review_company_daily t USING (SELECT company_id, source, day, is_competitor, sum(reviews) AS reviews FROM (SELECT company_id, source, day, is_competitor, reviews FROM changed_old) r GROUP BY company_id, source, day, is_competitor) x
  WHERE t.company_id = x.company_id AND t.source = x.source AND t.day = x.day AND t.is_competitor = x.is_competitor AND t.reviews <= x.reviews;
  UPDATE review_company_daily t SET reviews = t.reviews - x.reviews, rated = t.rated - x.rated, rating_sum = t.rating_sum - x.rating_sum, stars1 = t.stars1 - x.stars1, stars2 = t.stars2 - x.stars2, stars3 = t.stars3 - x.stars3, stars4 = t.stars4 - x.stars4, stars5 = t.stars5 - x.stars5, with_text = t.with_text - x.with_text, responded = t.responded - x.responded, response_seconds = t.response_seconds - x.response_seconds, positive = t.positive - x.positive, neutral = t.neutral - x.neutral, negative = t.negative - x.negative
  FROM (SELECT company_id, source, day, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (SELECT company_id, source, day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM changed_old) r GROUP BY company_id, source, day, is_competitor) x
  WHERE t.company_id = x.company_id AND t.source = x.source AND t.day = x.day AND t.is_competitor = x.is_competitor;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE adds new minus old per key (a row may even move to another key); a key new to the table
-- is added only when the change leaves it something.
CREATE OR REPLACE FUNCTION review_company_daily_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('reputo.rollup_rebuild', true), '') = 'on' THEN RETURN NULL; END IF;
  DELETE FROM review_company_daily t USING (SELECT company_id, source, day, is_competitor, sum(reviews) AS reviews FROM (
    SELECT company_id, source, day, is_competitor, reviews FROM changed_new
    UNION ALL
    SELECT company_id, source, day, is_competitor, -reviews FROM changed_old
  ) r GROUP BY company_id, source, day, is_competitor) x
  WHERE t.company_id = x.company_id AND t.source = x.source AND t.day = x.day AND t.is_competitor = x.is_competitor AND t.reviews + x.reviews <= 0;
  INSERT INTO review_company_daily AS t (company_id, source, day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, source, day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM (SELECT company_id, source, day, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (
    SELECT company_id, source, day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM changed_new
    UNION ALL
    SELECT company_id, source, day, is_competitor, -reviews, -rated, -rating_sum, -stars1, -stars2, -stars3, -stars4, -stars5, -with_text, -responded, -response_seconds, -positive, -neutral, -negative FROM changed_old
  ) r GROUP BY company_id, source, day, is_competitor) x
  WHERE x.reviews > 0 OR EXISTS (SELECT 1 FROM review_company_daily e WHERE e.company_id = x.company_id AND e.source = x.source AND e.day = x.day AND e.is_competitor = x.is_competitor)
  ORDER BY company_id, source, day, is_competitor
  ON CONFLICT (company_id, is_competitor, day, source) DO UPDATE SET reviews = t.reviews + excluded.reviews, rated = t.rated + excluded.rated, rating_sum = t.rating_sum + excluded.rating_sum, stars1 = t.stars1 + excluded.stars1, stars2 = t.stars2 + excluded.stars2, stars3 = t.stars3 + excluded.stars3, stars4 = t.stars4 + excluded.stars4, stars5 = t.stars5 + excluded.stars5, with_text = t.with_text + excluded.with_text, responded = t.responded + excluded.responded, response_seconds = t.response_seconds + excluded.response_seconds, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- During rebuildReviewDaily (the setting reputo.rollup_rebuild) the rows are written once at its end.
CREATE OR REPLACE FUNCTION review_location_monthly_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('reputo.rollup_rebuild', true), '') = 'on' THEN RETURN NULL; END IF;
  INSERT INTO review_location_monthly AS t (company_id, location_id, month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, location_id, month, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM changed_new) r GROUP BY company_id, location_id, month, is_competitor
  ORDER BY company_id, location_id, month, is_competitor
  ON CONFLICT (company_id, is_competitor, month, location_id) DO UPDATE SET reviews = t.reviews + excluded.reviews, rated = t.rated + excluded.rated, rating_sum = t.rating_sum + excluded.rating_sum, stars1 = t.stars1 + excluded.stars1, stars2 = t.stars2 + excluded.stars2, stars3 = t.stars3 + excluded.stars3, stars4 = t.stars4 + excluded.stars4, stars5 = t.stars5 + excluded.stars5, with_text = t.with_text + excluded.with_text, responded = t.responded + excluded.responded, response_seconds = t.response_seconds + excluded.response_seconds, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_location_monthly_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('reputo.rollup_rebuild', true), '') = 'on' THEN RETURN NULL; END IF;
  DELETE FROM review_location_monthly t USING (SELECT company_id, location_id, month, is_competitor, sum(reviews) AS reviews FROM (SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor, reviews FROM changed_old) r GROUP BY company_id, location_id, month, is_competitor) x
  WHERE t.company_id = x.company_id AND t.location_id = x.location_id AND t.month = x.month AND t.is_competitor = x.is_competitor AND t.reviews <= x.reviews;
  UPDATE review_location_monthly t SET reviews = t.reviews - x.reviews, rated = t.rated - x.rated, rating_sum = t.rating_sum - x.rating_sum, stars1 = t.stars1 - x.stars1, stars2 = t.stars2 - x.stars2, stars3 = t.stars3 - x.stars3, stars4 = t.stars4 - x.stars4, stars5 = t.stars5 - x.stars5, with_text = t.with_text - x.with_text, responded = t.responded - x.responded, response_seconds = t.response_seconds - x.response_seconds, positive = t.positive - x.positive, neutral = t.neutral - x.neutral, negative = t.negative - x.negative
  FROM (SELECT company_id, location_id, month, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM changed_old) r GROUP BY company_id, location_id, month, is_competitor) x
  WHERE t.company_id = x.company_id AND t.location_id = x.location_id AND t.month = x.month AND t.is_competitor = x.is_competitor;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE adds new minus old per key (a row may even move to another key); a key new to the table
-- is added only when the change leaves it something.
CREATE OR REPLACE FUNCTION review_location_monthly_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('reputo.rollup_rebuild', true), '') = 'on' THEN RETURN NULL; END IF;
  DELETE FROM review_location_monthly t USING (SELECT company_id, location_id, month, is_competitor, sum(reviews) AS reviews FROM (
    SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor, reviews FROM changed_new
    UNION ALL
    SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor, -reviews FROM changed_old
  ) r GROUP BY company_id, location_id, month, is_competitor) x
  WHERE t.company_id = x.company_id AND t.location_id = x.location_id AND t.month = x.month AND t.is_competitor = x.is_competitor AND t.reviews + x.reviews <= 0;
  INSERT INTO review_location_monthly AS t (company_id, location_id, month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, location_id, month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM (SELECT company_id, location_id, month, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (
    SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM changed_new
    UNION ALL
    SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor, -reviews, -rated, -rating_sum, -stars1, -stars2, -stars3, -stars4, -stars5, -with_text, -responded, -response_seconds, -positive, -neutral, -negative FROM changed_old
  ) r GROUP BY company_id, location_id, month, is_competitor) x
  WHERE x.reviews > 0 OR EXISTS (SELECT 1 FROM review_location_monthly e WHERE e.company_id = x.company_id AND e.location_id = x.location_id AND e.month = x.month AND e.is_competitor = x.is_competitor)
  ORDER BY company_id, location_id, month, is_competitor
  ON CONFLICT (company_id, is_competitor, month, location_id) DO UPDATE SET reviews = t.reviews + excluded.reviews, rated = t.rated + excluded.rated, rating_sum = t.rating_sum + excluded.rating_sum, stars1 = t.stars1 + excluded.stars1, stars2 = t.stars2 + excluded.stars2, stars3 = t.stars3 + excluded.stars3, stars4 = t.stars4 + excluded.stars4, stars5 = t.stars5 + excluded.stars5, with_text = t.with_text + excluded.with_text, responded = t.responded + excluded.responded, response_seconds = t.response_seconds + excluded.response_seconds, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- During rebuildReviewDaily (the setting reputo.rollup_rebuild) the rows are written once at its end.
CREATE OR REPLACE FUNCTION review_location_source_monthly_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('reputo.rollup_rebuild', true), '') = 'on' THEN RETURN NULL; END IF;
  INSERT INTO review_location_source_monthly AS t (company_id, is_competitor, location_id, month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, is_competitor, location_id, month, source, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM changed_new) r GROUP BY company_id, is_competitor, location_id, month, source
  ORDER BY company_id, is_competitor, location_id, month, source
  ON CONFLICT (company_id, is_competitor, location_id, month, source) DO UPDATE SET reviews = t.reviews + excluded.reviews, rated = t.rated + excluded.rated, rating_sum = t.rating_sum + excluded.rating_sum, stars1 = t.stars1 + excluded.stars1, stars2 = t.stars2 + excluded.stars2, stars3 = t.stars3 + excluded.stars3, stars4 = t.stars4 + excluded.stars4, stars5 = t.stars5 + excluded.stars5, with_text = t.with_text + excluded.with_text, responded = t.responded + excluded.responded, response_seconds = t.response_seconds + excluded.response_seconds, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_location_source_monthly_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('reputo.rollup_rebuild', true), '') = 'on' THEN RETURN NULL; END IF;
  DELETE FROM review_location_source_monthly t USING (SELECT company_id, is_competitor, location_id, month, source, sum(reviews) AS reviews FROM (SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source, reviews FROM changed_old) r GROUP BY company_id, is_competitor, location_id, month, source) x
  WHERE t.company_id = x.company_id AND t.is_competitor = x.is_competitor AND t.location_id = x.location_id AND t.month = x.month AND t.source = x.source AND t.reviews <= x.reviews;
  UPDATE review_location_source_monthly t SET reviews = t.reviews - x.reviews, rated = t.rated - x.rated, rating_sum = t.rating_sum - x.rating_sum, stars1 = t.stars1 - x.stars1, stars2 = t.stars2 - x.stars2, stars3 = t.stars3 - x.stars3, stars4 = t.stars4 - x.stars4, stars5 = t.stars5 - x.stars5, with_text = t.with_text - x.with_text, responded = t.responded - x.responded, response_seconds = t.response_seconds - x.response_seconds, positive = t.positive - x.positive, neutral = t.neutral - x.neutral, negative = t.negative - x.negative
  FROM (SELECT company_id, is_competitor, location_id, month, source, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM changed_old) r GROUP BY company_id, is_competitor, location_id, month, source) x
  WHERE t.company_id = x.company_id AND t.is_competitor = x.is_competitor AND t.location_id = x.location_id AND t.month = x.month AND t.source = x.source;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE adds new minus old per key (a row may even move to another key); a key new to the table
-- is added only when the change leaves it something.
CREATE OR REPLACE FUNCTION review_location_source_monthly_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('reputo.rollup_rebuild', true), '') = 'on' THEN RETURN NULL; END IF;
  DELETE FROM review_location_source_monthly t USING (SELECT company_id, is_competitor, location_id, month, source, sum(reviews) AS reviews FROM (
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source, reviews FROM changed_new
    UNION ALL
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source, -reviews FROM changed_old
  ) r GROUP BY company_id, is_competitor, location_id, month, source) x
  WHERE t.company_id = x.company_id AND t.is_competitor = x.is_competitor AND t.location_id = x.location_id AND t.month = x.month AND t.source = x.source AND t.reviews + x.reviews <= 0;
  INSERT INTO review_location_source_monthly AS t (company_id, is_competitor, location_id, month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, is_competitor, location_id, month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM (SELECT company_id, is_competitor, location_id, month, source, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM changed_new
    UNION ALL
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source, -reviews, -rated, -rating_sum, -stars1, -stars2, -stars3, -stars4, -stars5, -with_text, -responded, -response_seconds, -positive, -neutral, -negative FROM changed_old
  ) r GROUP BY company_id, is_competitor, location_id, month, source) x
  WHERE x.reviews > 0 OR EXISTS (SELECT 1 FROM review_location_source_monthly e WHERE e.company_id = x.company_id AND e.is_competitor = x.is_competitor AND e.location_id = x.location_id AND e.month = x.month AND e.source = x.source)
  ORDER BY company_id, is_competitor, location_id, month, source
  ON CONFLICT (company_id, is_competitor, location_id, month, source) DO UPDATE SET reviews = t.reviews + excluded.reviews, rated = t.rated + excluded.rated, rating_sum = t.rating_sum + excluded.rating_sum, stars1 = t.stars1 + excluded.stars1, stars2 = t.stars2 + excluded.stars2, stars3 = t.stars3 + excluded.stars3, stars4 = t.stars4 + excluded.stars4, stars5 = t.stars5 + excluded.stars5, with_text = t.with_text + excluded.with_text, responded = t.responded + excluded.responded, response_seconds = t.response_seconds + excluded.response_seconds, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION topic_company_daily_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM topic_company_daily t USING (SELECT company_id, source, day, is_competitor, kind, topic, subtopic, sum(mentions) AS mentions FROM (SELECT company_id, source, day, is_competitor, kind, topic, subtopic, mentions FROM changed_old) r GROUP BY company_id, source, day, is_competitor, kind, topic, subtopic) x
  WHERE t.company_id = x.company_id AND t.source = x.source AND t.day = x.day AND t.is_competitor = x.is_competitor AND t.kind = x.kind AND t.topic = x.topic AND t.subtopic = x.subtopic AND t.mentions <= x.mentions;
  UPDATE topic_company_daily t SET mentions = t.mentions - x.mentions, positive = t.positive - x.positive, neutral = t.neutral - x.neutral, negative = t.negative - x.negative
  FROM (SELECT company_id, source, day, is_competitor, kind, topic, subtopic, sum(mentions) AS mentions, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (SELECT company_id, source, day, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative FROM changed_old) r GROUP BY company_id, source, day, is_competitor, kind, topic, subtopic) x
  WHERE t.company_id = x.company_id AND t.source = x.source AND t.day = x.day AND t.is_competitor = x.is_competitor AND t.kind = x.kind AND t.topic = x.topic AND t.subtopic = x.subtopic;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE adds new minus old per key (a row may even move to another key); a key new to the table
-- is added only when the change leaves it something.
CREATE OR REPLACE FUNCTION topic_company_daily_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM topic_company_daily t USING (SELECT company_id, source, day, is_competitor, kind, topic, subtopic, sum(mentions) AS mentions FROM (
    SELECT company_id, source, day, is_competitor, kind, topic, subtopic, mentions FROM changed_new
    UNION ALL
    SELECT company_id, source, day, is_competitor, kind, topic, subtopic, -mentions FROM changed_old
  ) r GROUP BY company_id, source, day, is_competitor, kind, topic, subtopic) x
  WHERE t.company_id = x.company_id AND t.source = x.source AND t.day = x.day AND t.is_competitor = x.is_competitor AND t.kind = x.kind AND t.topic = x.topic AND t.subtopic = x.subtopic AND t.mentions + x.mentions <= 0;
  INSERT INTO topic_company_daily AS t (company_id, source, day, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative)
  SELECT company_id, source, day, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative FROM (SELECT company_id, source, day, is_competitor, kind, topic, subtopic, sum(mentions) AS mentions, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (
    SELECT company_id, source, day, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative FROM changed_new
    UNION ALL
    SELECT company_id, source, day, is_competitor, kind, topic, subtopic, -mentions, -positive, -neutral, -negative FROM changed_old
  ) r GROUP BY company_id, source, day, is_competitor, kind, topic, subtopic) x
  WHERE x.mentions > 0 OR EXISTS (SELECT 1 FROM topic_company_daily e WHERE e.company_id = x.company_id AND e.source = x.source AND e.day = x.day AND e.is_competitor = x.is_competitor AND e.kind = x.kind AND e.topic = x.topic AND e.subtopic = x.subtopic)
  ORDER BY company_id, source, day, is_competitor, kind, topic, subtopic
  ON CONFLICT (company_id, kind, is_competitor, day, source, topic, subtopic) DO UPDATE SET mentions = t.mentions + excluded.mentions, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION topic_location_monthly_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM topic_location_monthly t USING (SELECT company_id, is_competitor, location_id, month, topic, subtopic, sum(mentions) AS mentions FROM (SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, topic, subtopic, mentions FROM changed_old WHERE kind = 'topic') r GROUP BY company_id, is_competitor, location_id, month, topic, subtopic) x
  WHERE t.company_id = x.company_id AND t.is_competitor = x.is_competitor AND t.location_id = x.location_id AND t.month = x.month AND t.topic = x.topic AND t.subtopic = x.subtopic AND t.mentions <= x.mentions;
  UPDATE topic_location_monthly t SET mentions = t.mentions - x.mentions, positive = t.positive - x.positive, neutral = t.neutral - x.neutral, negative = t.negative - x.negative
  FROM (SELECT company_id, is_competitor, location_id, month, topic, subtopic, sum(mentions) AS mentions, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, topic, subtopic, mentions, positive, neutral, negative FROM changed_old WHERE kind = 'topic') r GROUP BY company_id, is_competitor, location_id, month, topic, subtopic) x
  WHERE t.company_id = x.company_id AND t.is_competitor = x.is_competitor AND t.location_id = x.location_id AND t.month = x.month AND t.topic = x.topic AND t.subtopic = x.subtopic;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An UPDATE adds new minus old per key (a row may even move to another key); a key new to the table
-- is added only when the change leaves it something.
CREATE OR REPLACE FUNCTION topic_location_monthly_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM topic_location_monthly t USING (SELECT company_id, is_competitor, location_id, month, topic, subtopic, sum(mentions) AS mentions FROM (
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, topic, subtopic, mentions FROM changed_new WHERE kind = 'topic'
    UNION ALL
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, topic, subtopic, -mentions FROM changed_old WHERE kind = 'topic'
  ) r GROUP BY company_id, is_competitor, location_id, month, topic, subtopic) x
  WHERE t.company_id = x.company_id AND t.is_competitor = x.is_competitor AND t.location_id = x.location_id AND t.month = x.month AND t.topic = x.topic AND t.subtopic = x.subtopic AND t.mentions + x.mentions <= 0;
  INSERT INTO topic_location_monthly AS t (company_id, is_competitor, location_id, month, topic, subtopic, mentions, positive, neutral, negative)
  SELECT company_id, is_competitor, location_id, month, topic, subtopic, mentions, positive, neutral, negative FROM (SELECT company_id, is_competitor, location_id, month, topic, subtopic, sum(mentions) AS mentions, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, topic, subtopic, mentions, positive, neutral, negative FROM changed_new WHERE kind = 'topic'
    UNION ALL
    SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, topic, subtopic, -mentions, -positive, -neutral, -negative FROM changed_old WHERE kind = 'topic'
  ) r GROUP BY company_id, is_competitor, location_id, month, topic, subtopic) x
  WHERE x.mentions > 0 OR EXISTS (SELECT 1 FROM topic_location_monthly e WHERE e.company_id = x.company_id AND e.is_competitor = x.is_competitor AND e.location_id = x.location_id AND e.month = x.month AND e.topic = x.topic AND e.subtopic = x.subtopic)
  ORDER BY company_id, is_competitor, location_id, month, topic, subtopic
  ON CONFLICT (company_id, is_competitor, location_id, month, topic, subtopic) DO UPDATE SET mentions = t.mentions + excluded.mentions, positive = t.positive + excluded.positive, neutral = t.neutral + excluded.neutral, negative = t.negative + excluded.negative;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A company's review_company_daily, review_location_monthly and review_location_source_monthly
-- written anew from its review_daily: rebuildReviewDaily's end, after it replaced every daily row
-- with the triggers standing aside (subtracting and adding each row cost 18 s for the demo's
-- restaurant group on the first start, whose fresh tables had no statistics yet).
CREATE OR REPLACE FUNCTION review_rollups_rebuild(company integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM review_company_daily WHERE company_id = company;
  INSERT INTO review_company_daily (company_id, source, day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, source, day, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (SELECT company_id, source, day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM review_daily WHERE company_id = company) r GROUP BY company_id, source, day, is_competitor;
  DELETE FROM review_location_monthly WHERE company_id = company;
  INSERT INTO review_location_monthly (company_id, location_id, month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, location_id, month, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM review_daily WHERE company_id = company) r GROUP BY company_id, location_id, month, is_competitor;
  DELETE FROM review_location_source_monthly WHERE company_id = company;
  INSERT INTO review_location_source_monthly (company_id, is_competitor, location_id, month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative)
  SELECT company_id, is_competitor, location_id, month, source, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars3) AS stars3, sum(stars4) AS stars4, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(neutral) AS neutral, sum(negative) AS negative FROM (SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, source, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM review_daily WHERE company_id = company) r GROUP BY company_id, is_competitor, location_id, month, source;
END $$;
