CREATE TABLE "vendor_kyc" (
	"vendor_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"pan" text NOT NULL,
	"legal_name" text NOT NULL,
	"gstin" text,
	"account_holder_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"bank_name" text,
	"check_status" text NOT NULL,
	"check_ref" text,
	"registered_name" text,
	"name_match" real,
	"check_reason" text,
	"checked_at" timestamp with time zone,
	"submitted_at" timestamp with time zone NOT NULL,
	"submitted_by" integer NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"rejection_reason" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_kyc" ADD CONSTRAINT "vendor_kyc_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_kyc_status_idx" ON "vendor_kyc" USING btree ("status","submitted_at");