CREATE TABLE "page_views" (
	"vendor_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_views_vendor_id_day_kind_subject_pk" PRIMARY KEY("vendor_id","day","kind","subject")
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;