// The receipts module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it). The credited-top-up mail links to
// a receipt's page by the path the web app gives it.
export { getReceipt } from './service.ts';
