-- Reviews waiting for text analysis (nlp_version NULL: the demo seed, bulk loads, imports), in id order
-- per company. The 'insights.analyze' job asked every 30 seconds which companies had any, and the
-- insights page counted them: each a read of the whole reviews table (0.6 s at W1, a million reviews;
-- about ten times that at five million), whether or not anything waited. Partial: an analysed review
-- leaves the index, so it holds only the reviews still waiting. A new NLP_VERSION ships with a migration
-- that sets nlp_version to NULL where it is older (platform/nlp/analyze.ts).
CREATE INDEX "reviews_analysis_waiting_idx" ON "reviews" USING btree ("company_id","id") WHERE nlp_version IS NULL;
