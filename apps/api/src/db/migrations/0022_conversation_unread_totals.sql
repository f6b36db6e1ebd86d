CREATE TABLE "conversation_unread_totals" (
	"company_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_unread_totals_company_id_location_id_pk" PRIMARY KEY("company_id","location_id")
);
--> statement-breakpoint
-- The change of each (company, location) total a statement made, from its transition tables, applied in key order (two transactions never wait on each other's rows in opposite order).
CREATE FUNCTION conversation_unread_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conversation_unread_totals AS t (company_id, location_id, unread)
    SELECT company_id, coalesce(location_id, 0), sum(unread_count) FROM new_rows WHERE NOT is_read
    GROUP BY 1, 2 HAVING sum(unread_count) <> 0 ORDER BY 1, 2
    ON CONFLICT (company_id, location_id) DO UPDATE SET unread = t.unread + excluded.unread;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO conversation_unread_totals AS t (company_id, location_id, unread)
    SELECT company_id, coalesce(location_id, 0), -sum(unread_count) FROM old_rows WHERE NOT is_read
    GROUP BY 1, 2 HAVING sum(unread_count) <> 0 ORDER BY 1, 2
    ON CONFLICT (company_id, location_id) DO UPDATE SET unread = t.unread + excluded.unread;
  ELSE
    INSERT INTO conversation_unread_totals AS t (company_id, location_id, unread)
    SELECT company_id, location_id, sum(d) FROM (
      SELECT company_id, coalesce(location_id, 0) AS location_id, unread_count AS d FROM new_rows WHERE NOT is_read
      UNION ALL
      SELECT company_id, coalesce(location_id, 0), -unread_count FROM old_rows WHERE NOT is_read
    ) c GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT (company_id, location_id) DO UPDATE SET unread = t.unread + excluded.unread;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversation_unread_totals_insert AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_unread_totals_apply();
--> statement-breakpoint
CREATE TRIGGER conversation_unread_totals_update AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_unread_totals_apply();
--> statement-breakpoint
CREATE TRIGGER conversation_unread_totals_delete AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_unread_totals_apply();
--> statement-breakpoint
INSERT INTO conversation_unread_totals (company_id, location_id, unread)
SELECT company_id, coalesce(location_id, 0), sum(unread_count) FROM conversations WHERE NOT is_read GROUP BY 1, 2;
