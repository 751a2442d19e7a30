import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { antdStylesheets } from './build/antd-stylesheet.ts';
import { contractRoutes } from './build/contract-routes.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [contractRoutes(), react(), antdStylesheets(), precompress()],
  build: {
    // Every asset becomes a file: inlined `data:` URLs would need a looser Content Security Policy.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'tanstack-query', test: /node_modules[\\/]@tanstack[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // A worker keeps its jsdom page and loaded modules from file to file: a fresh page and module
    // graph per file was about half the project's time. The setup puts back what a test changes
    // (docs/conventions.md, item 10). Forks rather than threads: a file may set
    // `process.env.TZ`, which a worker thread cannot apply, and forks were the faster here.
    isolate: false,
    // The root config's worker count, stated here too: a project loaded from its own file does not
    // inherit it, and Vitest runs non-isolated projects of one group only with equal counts.
    maxWorkers: 4,
    css: { modules: { classNameStrategy: 'non-scoped' } },
    // Under the whole suite's load a jsdom page with Ant Design can take several seconds to render.
    testTimeout: 30_000,
  },
});
