ALTER TABLE "usage_batches" ADD COLUMN "interval_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usage_batches" ADD COLUMN "interval_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usage_batches" ADD COLUMN "bytes" bigint;--> statement-breakpoint
CREATE INDEX "usage_batches_node_id_interval_to_idx" ON "usage_batches" USING btree ("node_id","interval_to");