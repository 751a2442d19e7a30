// The webhooks module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it). Its routes are mounted by app.ts.
export { deliverDueWebhooks } from './delivery.ts';
export type { DisabledEndpoint, WebhookDeliveryReport } from './delivery.ts';
export { queueWebhookDeliveries } from './fan-out.ts';
export { pruneDeliveriesBefore as pruneWebhookDeliveriesBefore } from './repo.ts';
