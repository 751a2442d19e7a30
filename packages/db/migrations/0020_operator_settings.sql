CREATE TABLE "operator_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "operator_settings_key_check" CHECK ("operator_settings"."key" in ('business_profile'))
);
--> statement-breakpoint
ALTER TABLE "operator_settings" ADD CONSTRAINT "operator_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;