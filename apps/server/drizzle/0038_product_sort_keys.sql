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
-- views, sales) writes nothing here. Product rows are locked by the statement before its trigger
-- runs, and a key row is only written for a product row so locked: no new lock order, no deadlock.
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
  -- The rows whose kept columns or whose being active changed (one join of the two transition
  -- tables; a full join, so a changed id reads as one row gone and one new), then one delete, one
  -- update and one insert over them. A plain UPDATE (not INSERT ... ON CONFLICT), on pages kept half
  -- full, writes no lock record: a re-pricing writes one heap and two index records per product.
  WITH c AS MATERIALIZED (
    SELECT o."id" AS old_id, o."status" = 'active' AS was_active,
           n."id" AS new_id, n."status" = 'active' AS is_active, n."category_id", n."plan", n."price_paise", n."name"
    FROM "old_products" o FULL JOIN "new_products" n ON n."id" = o."id"
    WHERE o."id" IS NULL OR n."id" IS NULL OR o."status" <> n."status" OR o."category_id" <> n."category_id"
      OR o."plan" <> n."plan" OR o."price_paise" <> n."price_paise" OR o."name" <> n."name"
  ), left_active AS (
    DELETE FROM "product_sort_keys" k USING c
    WHERE k."product_id" = c.old_id AND c.was_active AND c.is_active IS NOT TRUE
  ), changed AS (
    UPDATE "product_sort_keys" k
    SET "category_id" = c."category_id", "plan" = c."plan", "price_paise" = c."price_paise", "name" = c."name"
    FROM c WHERE k."product_id" = c.new_id AND c.was_active AND c.is_active
  )
  INSERT INTO "product_sort_keys" ("product_id", "category_id", "plan", "price_paise", "name")
  SELECT c.new_id, c."category_id", c."plan", c."price_paise", c."name" FROM c WHERE c.is_active AND c.was_active IS NOT TRUE;
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
-- Every price change is an update that moves an index entry (never HOT); pages kept half full give
-- each row's new version room on its own page, as on products (migration 0010).
ALTER TABLE "product_sort_keys" SET (fillfactor = 50);--> statement-breakpoint
INSERT INTO "product_sort_keys" ("product_id", "category_id", "plan", "price_paise", "name")
  SELECT "id", "category_id", "plan", "price_paise", "name" FROM "products" WHERE "status" = 'active';--> statement-breakpoint
ANALYZE "product_sort_keys";
