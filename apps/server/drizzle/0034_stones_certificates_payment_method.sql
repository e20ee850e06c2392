ALTER TABLE "products" ADD COLUMN "stone_kind" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stone_origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "certificate" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ADD COLUMN "method" text;--> statement-breakpoint
-- hand-written: back-fill the stones of existing products from their stones description (decision 0063).
-- A diamond's origin is set only where the text says it; the others stay without one until the next save asks.
UPDATE "products" SET
  "stone_kind" = 'DIAMOND',
  "stone_origin" = CASE
    WHEN "stones_description" ~* '(lab[- ]?(grown|created)|\mcvd\M|\mhpht\M)' THEN 'LAB_GROWN'
    WHEN "stones_description" ~* '\mnatural\M' THEN 'NATURAL'
    ELSE NULL
  END
WHERE "stone_kind" IS NULL AND "stones_description" ~* '(diamond|solitaire|polki)';
