-- Every read of a company's reviews by period names the competitor flag, so the list index
-- (company_id, is_competitor, created_at desc, id desc) serves it; this index without the flag cost a
-- quarter of a 100,000-row upload's inserts at W1 (bench/RESULTS.md, tenth pass).
DROP INDEX IF EXISTS "reviews_company_created_idx";