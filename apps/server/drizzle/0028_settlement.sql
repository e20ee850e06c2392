CREATE TABLE "payout_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"payout_id" integer,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'PENDING_APPROVAL' NOT NULL,
	"total_net_paise" bigint NOT NULL,
	"needs_second_admin" boolean NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tds_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"payout_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"financial_year" text NOT NULL,
	"quarter" text NOT NULL,
	"pan" text,
	"pan_status" text NOT NULL,
	"legal_name" text NOT NULL,
	"section" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"base_paise" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	"deducted_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "tds_entries_payout_id_unique" UNIQUE("payout_id")
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "run_id" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "status" text DEFAULT 'PROCESSED' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "commission_reversed_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "tds_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "gst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "net_paise" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_mode" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_payout_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "utr" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_entries" ADD CONSTRAINT "tds_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_entries" ADD CONSTRAINT "tds_entries_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tds_entries_vendor_fy_idx" ON "tds_entries" USING btree ("vendor_id","financial_year");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payouts_run_idx" ON "payouts" USING btree ("run_id");