CREATE TABLE "instance_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure" text,
	"latency_ms" integer,
	"egress_ip" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "instance_checks_status_check" CHECK ("instance_checks"."status" in ('pending', 'ok', 'failed')),
	CONSTRAINT "instance_checks_completed" CHECK (("instance_checks"."status" = 'pending') = ("instance_checks"."completed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "instance_replacements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"from_ip_address_id" uuid NOT NULL,
	"to_ip_address_id" uuid NOT NULL,
	"free" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_replacements_other_address" CHECK ("instance_replacements"."from_ip_address_id" <> "instance_replacements"."to_ip_address_id")
);
--> statement-breakpoint
CREATE TABLE "ip_allowlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"cidr" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ip_allowlist_entries_cidr_canonical" CHECK ("ip_allowlist_entries"."cidr" = ("ip_allowlist_entries"."cidr"::cidr)::text)
);
--> statement-breakpoint
CREATE TABLE "sub_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"cap_bytes" bigint,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_users_username_format" CHECK ("sub_users"."username" ~ '^[a-z0-9]{4,32}$'),
	CONSTRAINT "sub_users_cap_bytes_positive" CHECK ("sub_users"."cap_bytes" is null or "sub_users"."cap_bytes" > 0),
	CONSTRAINT "sub_users_used_bytes_non_negative" CHECK ("sub_users"."used_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "traffic_package_usage_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"package_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "traffic_package_usage_hourly_package_id_hour_pk" PRIMARY KEY("package_id","hour"),
	CONSTRAINT "traffic_package_usage_hourly_bytes_non_negative" CHECK ("traffic_package_usage_hourly"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_type_check";--> statement-breakpoint
ALTER TABLE "static_ip_plans" ADD COLUMN "replacements_per_month" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_token_ciphertext" text;--> statement-breakpoint
ALTER TABLE "instance_checks" ADD CONSTRAINT "instance_checks_instance_id_proxy_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."proxy_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_checks" ADD CONSTRAINT "instance_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_checks" ADD CONSTRAINT "instance_checks_node_id_gateway_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."gateway_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_replacements" ADD CONSTRAINT "instance_replacements_instance_id_proxy_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."proxy_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_replacements" ADD CONSTRAINT "instance_replacements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_replacements" ADD CONSTRAINT "instance_replacements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_replacements" ADD CONSTRAINT "instance_replacements_from_ip_address_id_ip_addresses_id_fk" FOREIGN KEY ("from_ip_address_id") REFERENCES "public"."ip_addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_replacements" ADD CONSTRAINT "instance_replacements_to_ip_address_id_ip_addresses_id_fk" FOREIGN KEY ("to_ip_address_id") REFERENCES "public"."ip_addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_allowlist_entries" ADD CONSTRAINT "ip_allowlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_users" ADD CONSTRAINT "sub_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_package_usage_hourly" ADD CONSTRAINT "traffic_package_usage_hourly_package_id_traffic_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."traffic_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_package_usage_hourly" ADD CONSTRAINT "traffic_package_usage_hourly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instance_checks_instance_id_requested_at_idx" ON "instance_checks" USING btree ("instance_id","requested_at");--> statement-breakpoint
CREATE INDEX "instance_checks_pending_node_id_idx" ON "instance_checks" USING btree ("node_id") WHERE "instance_checks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "instance_replacements_instance_id_created_at_idx" ON "instance_replacements" USING btree ("instance_id","created_at");--> statement-breakpoint
CREATE INDEX "ip_allowlist_entries_user_id_idx" ON "ip_allowlist_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_users_username_key" ON "sub_users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_users_user_id_name_key" ON "sub_users" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "traffic_package_usage_hourly_user_id_hour_idx" ON "traffic_package_usage_hourly" USING btree ("user_id","hour");--> statement-breakpoint
CREATE UNIQUE INDEX "users_subscription_token_hash_key" ON "users" USING btree ("subscription_token_hash");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_type_check" CHECK ("orders"."type" in ('static_ip', 'renewal', 'traffic', 'replacement'));--> statement-breakpoint
ALTER TABLE "static_ip_plans" ADD CONSTRAINT "static_ip_plans_replacements_per_month_range" CHECK ("static_ip_plans"."replacements_per_month" between 0 and 100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_subscription_token_pair" CHECK (("users"."subscription_token_hash" is null) = ("users"."subscription_token_ciphertext" is null));--> statement-breakpoint
-- No two customers' allowlist blocks may overlap: a source address must name one customer.
-- (A customer's own overlapping blocks are refused too: one of them would be redundant.)
ALTER TABLE "ip_allowlist_entries" ADD CONSTRAINT "ip_allowlist_entries_cidr_excl"
  EXCLUDE USING gist ((("cidr")::inet) inet_ops WITH &&);--> statement-breakpoint
-- Dynamic usernames start with an account name or a sub-user's username: one namespace across
-- both tables. The advisory lock serialises two inserts of the same name into different tables.
CREATE FUNCTION "sub_users_login_is_free"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('proxy_login:' || NEW."username"));
  IF EXISTS (SELECT 1 FROM "dynamic_proxy_accounts" WHERE "account" = NEW."username") THEN
    RAISE EXCEPTION 'proxy login % is taken', NEW."username"
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'proxy_login_names_key';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "dynamic_proxy_accounts_login_is_free"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('proxy_login:' || NEW."account"));
  IF EXISTS (SELECT 1 FROM "sub_users" WHERE "username" = NEW."account") THEN
    RAISE EXCEPTION 'proxy login % is taken', NEW."account"
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'proxy_login_names_key';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sub_users_login_free" BEFORE INSERT OR UPDATE OF "username" ON "sub_users"
  FOR EACH ROW EXECUTE FUNCTION "sub_users_login_is_free"();--> statement-breakpoint
CREATE TRIGGER "dynamic_proxy_accounts_login_free" BEFORE INSERT OR UPDATE OF "account" ON "dynamic_proxy_accounts"
  FOR EACH ROW EXECUTE FUNCTION "dynamic_proxy_accounts_login_is_free"();
