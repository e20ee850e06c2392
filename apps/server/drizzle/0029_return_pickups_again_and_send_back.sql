ALTER TABLE "return_requests" ADD COLUMN "send_back_shipment_id" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_id" integer;--> statement-breakpoint
-- hand-written: back-fill the return of existing reverse pickups
UPDATE "shipments" SET "return_id" = r."id" FROM "return_requests" r WHERE r."shipment_id" = "shipments"."id";
