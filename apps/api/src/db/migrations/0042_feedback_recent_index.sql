-- The dashboard's latest first-party feedback (source 'feedback', five newest of a period) by a walk of
-- the company's feedback alone, newest first: the list index walked every review of the period and read
-- each row to check its source and location (2,900 rows for nine locations at W1, 4.4 ms; up to 85 ms
-- under load). Partial: the other sources' reviews are not written to it.
CREATE INDEX "reviews_feedback_recent_idx" ON "reviews" USING btree ("company_id","is_competitor","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE source = 'feedback';