CREATE TABLE "metal_rate_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"metal_id" integer NOT NULL,
	"purity" text,
	"old_rate_paise" bigint,
	"new_rate_paise" bigint NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metal_rate_history" ADD CONSTRAINT "metal_rate_history_metal_id_metals_id_fk" FOREIGN KEY ("metal_id") REFERENCES "public"."metals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metal_rate_history_metal_idx" ON "metal_rate_history" USING btree ("metal_id","changed_at");