CREATE TABLE "anonymous_uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "anonymous_uploads_uploaded_idx" ON "anonymous_uploads" USING btree ("uploaded_at");