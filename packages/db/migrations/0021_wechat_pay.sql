ALTER TABLE "payment_notifications" DROP CONSTRAINT "payment_notifications_channel_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_channel_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_code_url" text;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_channel_check" CHECK ("payment_notifications"."channel" in ('sandbox', 'alipay', 'wechat'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_channel_check" CHECK ("payments"."channel" in ('sandbox', 'alipay', 'wechat'));