CREATE TABLE "product_counts" (
	"category_id" integer NOT NULL,
	"plan" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "product_counts_category_id_plan_pk" PRIMARY KEY("category_id","plan")
);
--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_tagline_trgm_idx" ON "products" USING gin ("tagline" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("category_id","id","plan") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_active_idx" ON "products" USING btree ("id","plan") WHERE "products"."status" = 'active';--> statement-breakpoint
-- hand-written: product_counts kept by triggers on products (drizzle-kit has no triggers), and its back-fill.
-- Active products per (category, plan): each row change moves one count down and one up, taken in key
-- order so two moves cannot wait on each other; price and stock updates do not fire it.
CREATE FUNCTION "product_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_counts" AS pc ("category_id", "plan", "count")
  SELECT d.category_id, d.plan, sum(d.delta)::int
  FROM (
    SELECT OLD."category_id", OLD."plan", -1 WHERE TG_OP <> 'INSERT' AND OLD."status" = 'active'
    UNION ALL
    SELECT NEW."category_id", NEW."plan", 1 WHERE TG_OP <> 'DELETE' AND NEW."status" = 'active'
  ) AS d(category_id, plan, delta)
  GROUP BY d.category_id, d.plan
  HAVING sum(d.delta) <> 0
  ORDER BY d.category_id, d.plan
  ON CONFLICT ("category_id", "plan") DO UPDATE SET "count" = pc."count" + excluded."count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "product_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_counts" AFTER INSERT OR DELETE OR UPDATE OF "status", "category_id", "plan" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "product_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "products_counts_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_clear"();--> statement-breakpoint
INSERT INTO "product_counts" ("category_id", "plan", "count")
  SELECT "category_id", "plan", count(*)::int FROM "products" WHERE "status" = 'active' GROUP BY 1, 2;
