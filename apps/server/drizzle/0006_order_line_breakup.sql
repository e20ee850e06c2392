ALTER TABLE "order_items" ADD COLUMN "price_breakup" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "huids" jsonb DEFAULT '[]'::jsonb NOT NULL;