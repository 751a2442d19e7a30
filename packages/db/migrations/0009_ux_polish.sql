CREATE TABLE "replaced_api_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_no" text;--> statement-breakpoint
-- Existing payments get numbers shaped like new ones: TP + their day in China Standard Time (the
-- business time zone of every install so far) + their place in that day, 10 digits: unique by
-- construction. New numbers carry 10 random digits instead, as order numbers do.
UPDATE "payments" SET "payment_no" = "numbered"."payment_no"
  FROM (
    SELECT "id", 'TP' || to_char("created_at" AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD')
      || lpad((row_number() OVER (
        PARTITION BY ("created_at" AT TIME ZONE 'Asia/Shanghai')::date ORDER BY "created_at", "id"
      ))::text, 10, '0') AS "payment_no"
    FROM "payments"
  ) AS "numbered"
  WHERE "payments"."id" = "numbered"."id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "payment_no" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tour_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "replaced_api_tokens" ADD CONSTRAINT "replaced_api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replaced_api_tokens_user_id_idx" ON "replaced_api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_no_key" ON "payments" USING btree ("payment_no");