// The usage module's public face: the only file of it that other modules, jobs, plugins, the
// CLI and the seed import (eslint.config.js holds them to it).
export { getUsageSeries } from './history.ts';
export { DAY_MS, bucketStarts, formatUsageCsv } from './series.ts';
