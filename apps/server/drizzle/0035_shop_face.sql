ALTER TABLE "users" ADD COLUMN "face_logo" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "face_banner" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "face_about" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "face_contact_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "face_whatsapp" text;