CREATE TABLE "metal_purities" (
	"id" serial PRIMARY KEY NOT NULL,
	"metal_id" integer NOT NULL,
	"name" text NOT NULL,
	"fineness" integer NOT NULL,
	"rate_mode" text DEFAULT 'DERIVED' NOT NULL,
	"rate_paise" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metal_purities_fineness_range" CHECK ("metal_purities"."fineness" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "product_pieces" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"huid" text NOT NULL,
	"order_item_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "purity_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "making_kind" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "making_value" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stones_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stones_description" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hallmarked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "metal_purities" ADD CONSTRAINT "metal_purities_metal_id_metals_id_fk" FOREIGN KEY ("metal_id") REFERENCES "public"."metals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pieces" ADD CONSTRAINT "product_pieces_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_pieces" ADD CONSTRAINT "product_pieces_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "metal_purities_name_uq" ON "metal_purities" USING btree ("metal_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_pieces_huid_in_stock_uq" ON "product_pieces" USING btree ("huid") WHERE "product_pieces"."order_item_id" is null;--> statement-breakpoint
CREATE INDEX "product_pieces_product_idx" ON "product_pieces" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "product_pieces_order_item_idx" ON "product_pieces" USING btree ("order_item_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_purity_id_metal_purities_id_fk" FOREIGN KEY ("purity_id") REFERENCES "public"."metal_purities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_purity_idx" ON "products" USING btree ("purity_id");--> statement-breakpoint
-- Hand-written backfill (issue 13): purities for the existing metals, and metal-priced products move
-- from one rate per metal to a purity (gold 22K, silver 925, any other metal its fine rate) with their
-- former non-metal part as a flat making charge. Prices are recomputed at start (reprice-all).
INSERT INTO "metal_purities" ("metal_id", "name", "fineness", "rate_mode", "rate_paise")
SELECT m."id", p."name", p."fineness", 'DERIVED', round(m."rate_paise"::numeric * p."fineness" / 1000)
FROM "metals" m
JOIN (VALUES ('gold', '24K', 999), ('gold', '22K', 916), ('gold', '18K', 750), ('gold', '14K', 585),
             ('silver', '999', 999), ('silver', '925', 925)) AS p("metal", "name", "fineness")
  ON lower(m."name") = p."metal";
--> statement-breakpoint
INSERT INTO "metal_purities" ("metal_id", "name", "fineness", "rate_mode", "rate_paise")
SELECT m."id", 'Fine', 1000, 'DERIVED', m."rate_paise" FROM "metals" m
WHERE lower(m."name") NOT IN ('gold', 'silver');
--> statement-breakpoint
UPDATE "products" p SET
  "making_kind" = 'FLAT',
  "making_value" = p."base_paise",
  "purity_id" = (
    SELECT mp."id" FROM "metal_purities" mp
    WHERE mp."metal_id" = p."metal_id" AND mp."name" IN ('22K', '925', 'Fine')
    ORDER BY mp."id" LIMIT 1
  )
WHERE p."product_type" IN ('GOLD', 'SILVER') AND p."metal_id" IS NOT NULL;
