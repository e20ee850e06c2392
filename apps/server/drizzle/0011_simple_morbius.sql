ALTER TABLE "payouts" ADD COLUMN "reversed_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversed_paise" bigint DEFAULT 0 NOT NULL;