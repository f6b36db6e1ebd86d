ALTER TABLE "campaign_recipients" ADD COLUMN "coupon_id" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;