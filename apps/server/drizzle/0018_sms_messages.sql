CREATE TABLE "sms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"provider_id" text,
	"last_error" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_reference_uq" ON "sms_messages" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" USING btree ("created_at");