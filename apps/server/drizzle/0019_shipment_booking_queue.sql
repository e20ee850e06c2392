ALTER TABLE "sandbox_shipments" ADD COLUMN "request" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "otp_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "next_booking_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shipments_booking_idx" ON "shipments" USING btree ("status","next_booking_at");