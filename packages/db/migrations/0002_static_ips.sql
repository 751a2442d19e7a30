CREATE TABLE "gateway_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"api_key_hash" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_nodes_status_check" CHECK ("gateway_nodes"."status" in ('active', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ip_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"node_id" uuid NOT NULL,
	"address" text NOT NULL,
	"port" integer NOT NULL,
	"vmess_port" integer NOT NULL,
	"region_id" uuid NOT NULL,
	"line_type" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"cooling_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ip_addresses_line_type_check" CHECK ("ip_addresses"."line_type" in ('isp_residential', 'datacenter')),
	CONSTRAINT "ip_addresses_status_check" CHECK ("ip_addresses"."status" in ('available', 'allocated', 'cooling', 'disabled')),
	CONSTRAINT "ip_addresses_port_range" CHECK ("ip_addresses"."port" between 1 and 65535),
	CONSTRAINT "ip_addresses_vmess_port_range" CHECK ("ip_addresses"."vmess_port" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"plan_id" uuid,
	"instance_id" uuid,
	"country" char(2) NOT NULL,
	"country_name_zh" text NOT NULL,
	"country_name_en" text NOT NULL,
	"city_name_zh" text NOT NULL,
	"city_name_en" text NOT NULL,
	"line_type" text NOT NULL,
	"duration_days" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	CONSTRAINT "order_items_line_type_check" CHECK ("order_items"."line_type" in ('isp_residential', 'datacenter')),
	CONSTRAINT "order_items_duration_days_positive" CHECK ("order_items"."duration_days" > 0),
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_unit_price_fen_non_negative" CHECK ("order_items"."unit_price_fen" >= 0),
	CONSTRAINT "order_items_amount_fen_matches" CHECK ("order_items"."amount_fen" = "order_items"."unit_price_fen" * "order_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"total_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_type_check" CHECK ("orders"."type" in ('static_ip', 'renewal', 'traffic')),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('paid', 'refunded')),
	CONSTRAINT "orders_total_fen_non_negative" CHECK ("orders"."total_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"plan_id" uuid NOT NULL,
	"duration_days" integer NOT NULL,
	"price_fen" bigint NOT NULL,
	CONSTRAINT "plan_prices_plan_id_duration_days_pk" PRIMARY KEY("plan_id","duration_days"),
	CONSTRAINT "plan_prices_duration_days_positive" CHECK ("plan_prices"."duration_days" > 0),
	CONSTRAINT "plan_prices_price_fen_positive" CHECK ("plan_prices"."price_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "proxy_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ip_address_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"vmess_id" uuid NOT NULL,
	"protocols" text[] NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"renewal_warning" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proxy_instances_status_check" CHECK ("proxy_instances"."status" in ('active', 'expired')),
	CONSTRAINT "proxy_instances_protocols_check" CHECK ("proxy_instances"."protocols" <@ array['socks5', 'http', 'vmess']::text[])
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" char(2) NOT NULL,
	"country_name_zh" text NOT NULL,
	"country_name_en" text NOT NULL,
	"city_code" text NOT NULL,
	"city_name_zh" text NOT NULL,
	"city_name_en" text NOT NULL,
	CONSTRAINT "regions_country_upper" CHECK ("regions"."country" = upper("regions"."country"))
);
--> statement-breakpoint
CREATE TABLE "static_ip_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"region_id" uuid NOT NULL,
	"line_type" text NOT NULL,
	"protocols" text[] DEFAULT '{socks5,http,vmess}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "static_ip_plans_line_type_check" CHECK ("static_ip_plans"."line_type" in ('isp_residential', 'datacenter')),
	CONSTRAINT "static_ip_plans_protocols_check" CHECK ("static_ip_plans"."protocols" <@ array['socks5', 'http', 'vmess']::text[] and cardinality("static_ip_plans"."protocols") > 0)
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_addresses" ADD CONSTRAINT "ip_addresses_node_id_gateway_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."gateway_nodes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_addresses" ADD CONSTRAINT "ip_addresses_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_plan_id_static_ip_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."static_ip_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_instances" ADD CONSTRAINT "proxy_instances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_instances" ADD CONSTRAINT "proxy_instances_ip_address_id_ip_addresses_id_fk" FOREIGN KEY ("ip_address_id") REFERENCES "public"."ip_addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_instances" ADD CONSTRAINT "proxy_instances_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_ip_plans" ADD CONSTRAINT "static_ip_plans_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_nodes_name_key" ON "gateway_nodes" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_addresses_address_key" ON "ip_addresses" USING btree ("address");--> statement-breakpoint
CREATE INDEX "ip_addresses_region_line_status_idx" ON "ip_addresses" USING btree ("region_id","line_type","status");--> statement-breakpoint
CREATE INDEX "order_items_order_id_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_instance_id_idx" ON "order_items" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_user_id_created_at_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_instances_username_key" ON "proxy_instances" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_instances_vmess_id_key" ON "proxy_instances" USING btree ("vmess_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_instances_active_ip_address_id_key" ON "proxy_instances" USING btree ("ip_address_id") WHERE "proxy_instances"."status" = 'active';--> statement-breakpoint
CREATE INDEX "proxy_instances_user_id_expires_at_idx" ON "proxy_instances" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "proxy_instances_active_expires_at_idx" ON "proxy_instances" USING btree ("expires_at") WHERE "proxy_instances"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "regions_country_city_code_key" ON "regions" USING btree ("country","city_code");--> statement-breakpoint
CREATE UNIQUE INDEX "static_ip_plans_region_line_type_key" ON "static_ip_plans" USING btree ("region_id","line_type");