CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"body_zh" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"severity" text DEFAULT 'info' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_severity_check" CHECK ("announcements"."severity" in ('info', 'warning', 'critical')),
	CONSTRAINT "announcements_window" CHECK ("announcements"."ends_at" is null or "announcements"."ends_at" > "announcements"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "ip_address_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ip_address_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ip_address_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "node_heartbeats" (
	"node_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"gateway_version" text NOT NULL,
	"uptime_seconds" integer NOT NULL,
	"snapshot_version" text,
	"open_connections" integer NOT NULL,
	"bytes_in_per_second" bigint NOT NULL,
	"bytes_out_per_second" bigint NOT NULL,
	"pending_usage_batches" integer NOT NULL,
	"v2ray_state" text NOT NULL,
	"cpu_percent" real NOT NULL,
	"memory_bytes" bigint NOT NULL,
	CONSTRAINT "node_heartbeats_node_id_minute_pk" PRIMARY KEY("node_id","minute")
);
--> statement-breakpoint
ALTER TABLE "ip_addresses" DROP CONSTRAINT "ip_addresses_status_check";--> statement-breakpoint
UPDATE "ip_addresses" SET "status" = 'retired' WHERE "status" = 'disabled';--> statement-breakpoint
ALTER TABLE "gateway_nodes" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway_nodes" ADD COLUMN "last_heartbeat" jsonb;--> statement-breakpoint
ALTER TABLE "ip_addresses" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "ip_addresses" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "static_ip_plans" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_plans" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ip_address_events" ADD CONSTRAINT "ip_address_events_ip_address_id_ip_addresses_id_fk" FOREIGN KEY ("ip_address_id") REFERENCES "public"."ip_addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_heartbeats" ADD CONSTRAINT "node_heartbeats_node_id_gateway_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."gateway_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_starts_at_idx" ON "announcements" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "ip_address_events_ip_created_idx" ON "ip_address_events" USING btree ("ip_address_id","created_at");--> statement-breakpoint
ALTER TABLE "ip_addresses" ADD CONSTRAINT "ip_addresses_status_check" CHECK ("ip_addresses"."status" in ('available', 'allocated', 'cooling', 'quarantined', 'retired'));;--> statement-breakpoint
INSERT INTO "ip_address_events" ("ip_address_id", "from_status", "to_status", "created_at")
  SELECT "id", NULL, "status", "created_at" FROM "ip_addresses";--> statement-breakpoint
CREATE FUNCTION "ip_addresses_record_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ip_address_events" ("ip_address_id", "from_status", "to_status", "reason")
      VALUES (NEW."id", NULL, NEW."status", coalesce(NEW."status_reason", ''));
  ELSIF NEW."status" IS DISTINCT FROM OLD."status" THEN
    INSERT INTO "ip_address_events" ("ip_address_id", "from_status", "to_status", "reason")
      VALUES (NEW."id", OLD."status", NEW."status", coalesce(NEW."status_reason", ''));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "ip_addresses_touch_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IS DISTINCT FROM OLD."status" THEN
    NEW."status_changed_at" := now();
    -- A reason belongs to the quarantine or retirement it explains, not to later states.
    IF NEW."status" NOT IN ('quarantined', 'retired') THEN
      NEW."status_reason" := NULL;
    END IF;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ip_addresses_status_touch" BEFORE UPDATE ON "ip_addresses"
  FOR EACH ROW EXECUTE FUNCTION "ip_addresses_touch_status"();--> statement-breakpoint
CREATE TRIGGER "ip_addresses_status_history" AFTER INSERT OR UPDATE ON "ip_addresses"
  FOR EACH ROW EXECUTE FUNCTION "ip_addresses_record_event"();
