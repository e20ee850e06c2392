CREATE TABLE "tds_challans" (
	"id" serial PRIMARY KEY NOT NULL,
	"bsr_code" text NOT NULL,
	"challan_serial" text NOT NULL,
	"deposited_on" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"month" text NOT NULL,
	"financial_year" text NOT NULL,
	"quarter" text NOT NULL,
	"section" text NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tds_challans_cin_key" UNIQUE("bsr_code","deposited_on","challan_serial")
);
--> statement-breakpoint
ALTER TABLE "tds_entries" ADD COLUMN "challan_id" integer;--> statement-breakpoint
ALTER TABLE "tds_challans" ADD CONSTRAINT "tds_challans_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tds_challans_fy_idx" ON "tds_challans" USING btree ("financial_year");--> statement-breakpoint
ALTER TABLE "tds_entries" ADD CONSTRAINT "tds_entries_challan_id_tds_challans_id_fk" FOREIGN KEY ("challan_id") REFERENCES "public"."tds_challans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tds_entries_challan_idx" ON "tds_entries" USING btree ("challan_id");