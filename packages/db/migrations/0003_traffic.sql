CREATE TABLE "dynamic_proxy_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"password" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"plan_id" uuid,
	"gb" integer NOT NULL,
	"total_bytes" bigint NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traffic_packages_status_check" CHECK ("traffic_packages"."status" in ('active', 'exhausted', 'expired')),
	CONSTRAINT "traffic_packages_total_bytes_positive" CHECK ("traffic_packages"."total_bytes" > 0),
	CONSTRAINT "traffic_packages_used_bytes_range" CHECK ("traffic_packages"."used_bytes" >= 0 and "traffic_packages"."used_bytes" <= "traffic_packages"."total_bytes")
);
--> statement-breakpoint
CREATE TABLE "traffic_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gb" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"price_fen" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traffic_plans_gb_positive" CHECK ("traffic_plans"."gb" > 0),
	CONSTRAINT "traffic_plans_validity_days_positive" CHECK ("traffic_plans"."validity_days" > 0),
	CONSTRAINT "traffic_plans_price_fen_positive" CHECK ("traffic_plans"."price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "usage_batches" (
	"node_id" uuid NOT NULL,
	"batch_id" text NOT NULL,
	"record_count" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_batches_node_id_batch_id_pk" PRIMARY KEY("node_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "usage_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"bytes_up" bigint DEFAULT 0 NOT NULL,
	"bytes_down" bigint DEFAULT 0 NOT NULL,
	"overage_bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_hourly_hour_kind_subject_id_pk" PRIMARY KEY("hour","kind","subject_id"),
	CONSTRAINT "usage_hourly_kind_check" CHECK ("usage_hourly"."kind" in ('static', 'dynamic')),
	CONSTRAINT "usage_hourly_bytes_non_negative" CHECK ("usage_hourly"."bytes_up" >= 0 and "usage_hourly"."bytes_down" >= 0 and "usage_hourly"."overage_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "country" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "country_name_zh" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "country_name_en" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "city_name_zh" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "city_name_en" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "line_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kind" text DEFAULT 'static_ip' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "traffic_gb" integer;--> statement-breakpoint
ALTER TABLE "dynamic_proxy_accounts" ADD CONSTRAINT "dynamic_proxy_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD CONSTRAINT "traffic_packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD CONSTRAINT "traffic_packages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD CONSTRAINT "traffic_packages_plan_id_traffic_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."traffic_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_batches" ADD CONSTRAINT "usage_batches_node_id_gateway_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."gateway_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_hourly" ADD CONSTRAINT "usage_hourly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dynamic_proxy_accounts_account_key" ON "dynamic_proxy_accounts" USING btree ("account");--> statement-breakpoint
CREATE INDEX "traffic_packages_user_status_expires_at_idx" ON "traffic_packages" USING btree ("user_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "traffic_packages_active_expires_at_idx" ON "traffic_packages" USING btree ("expires_at") WHERE "traffic_packages"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_plans_gb_validity_days_key" ON "traffic_plans" USING btree ("gb","validity_days");--> statement-breakpoint
CREATE INDEX "usage_hourly_user_id_hour_idx" ON "usage_hourly" USING btree ("user_id","hour");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_nodes_api_key_hash_key" ON "gateway_nodes" USING btree ("api_key_hash");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_check" CHECK ("order_items"."kind" in ('static_ip', 'traffic'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_fields" CHECK (("order_items"."kind" = 'static_ip' and "order_items"."country" is not null and "order_items"."country_name_zh" is not null and "order_items"."country_name_en" is not null and "order_items"."city_name_zh" is not null and "order_items"."city_name_en" is not null and "order_items"."line_type" is not null and "order_items"."traffic_gb" is null) or ("order_items"."kind" = 'traffic' and "order_items"."traffic_gb" > 0 and "order_items"."country" is null and "order_items"."line_type" is null));