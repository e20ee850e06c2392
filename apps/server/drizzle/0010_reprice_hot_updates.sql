DROP INDEX "products_price_idx";--> statement-breakpoint
-- Hand-written (drizzle-kit has no table storage parameters): pages kept half full so a rate change,
-- which re-prices every product of a metal in one transaction, finds room on each page for the new
-- version of every row there and the updates are HOT. New pages follow at once; existing ones as rows
-- move (docs/decisions/0016-pricing-huid-pieces.md, "Re-pricing speed").
ALTER TABLE "products" SET (fillfactor = 50);
