CREATE TABLE "product_sort_keys" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"plan" text NOT NULL,
	"price_paise" bigint NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_sort_keys_price_idx" ON "product_sort_keys" USING btree ("category_id","price_paise","product_id","plan","name");--> statement-breakpoint
-- hand-written: product_sort_keys kept by statement triggers on products (drizzle-kit has no triggers),
-- and its back-fill (decision 0080). One row per active product: whatever a statement does to products
-- (one row or a re-pricing of all of them), its triggers mend the side table in one or two statements
-- over the statement's transition tables. An update that changes none of the kept columns (stock,
-- views, sales) writes nothing here.
CREATE FUNCTION "product_sort_keys_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_sort_keys" ("product_id", "category_id", "plan", "price_paise", "name")
  SELECT n."id", n."category_id", n."plan", n."price_paise", n."name" FROM "new_products" n WHERE n."status" = 'active';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_sort_keys_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "product_sort_keys" k USING "old_products" o WHERE k."product_id" = o."id" AND o."status" = 'active';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_sort_keys_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Active before, not active (or gone: a changed id) after.
  DELETE FROM "product_sort_keys" k USING "old_products" o
  WHERE k."product_id" = o."id" AND o."status" = 'active'
    AND NOT EXISTS (SELECT 1 FROM "new_products" n WHERE n."id" = o."id" AND n."status" = 'active');
  -- Active after, and new here or with a kept column changed.
  INSERT INTO "product_sort_keys" AS k ("product_id", "category_id", "plan", "price_paise", "name")
  SELECT n."id", n."category_id", n."plan", n."price_paise", n."name"
  FROM "new_products" n LEFT JOIN "old_products" o ON o."id" = n."id"
  WHERE n."status" = 'active'
    AND (o."id" IS NULL OR o."status" <> 'active' OR o."category_id" <> n."category_id" OR o."plan" <> n."plan"
      OR o."price_paise" <> n."price_paise" OR o."name" <> n."name")
  ON CONFLICT ("product_id") DO UPDATE SET "category_id" = excluded."category_id", "plan" = excluded."plan",
    "price_paise" = excluded."price_paise", "name" = excluded."name";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_sort_keys_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "product_sort_keys";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_sort_keys_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_sort_keys_inserted"();--> statement-breakpoint
CREATE TRIGGER "products_sort_keys_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "old_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_sort_keys_deleted"();--> statement-breakpoint
CREATE TRIGGER "products_sort_keys_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS "old_products" NEW TABLE AS "new_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_sort_keys_updated"();--> statement-breakpoint
CREATE TRIGGER "products_sort_keys_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_sort_keys_clear"();--> statement-breakpoint
INSERT INTO "product_sort_keys" ("product_id", "category_id", "plan", "price_paise", "name")
  SELECT "id", "category_id", "plan", "price_paise", "name" FROM "products" WHERE "status" = 'active';--> statement-breakpoint
ANALYZE "product_sort_keys";
