// `npm run a11y`: Lighthouse's accessibility category for the portal, the overview and the IP
// list, with the desktop and the mobile presets, in each interface language, against the real
// server on a fresh database and the system Chromium. Exits non-zero when a score is below
// MIN_SCORE (docs/accessibility.md).
//
//   A11Y_LANGUAGES   languages to measure, comma-separated (default zh-CN,en-US)
//   A11Y_DB_ENGINE, CHROMIUM_PATH: see ../lighthouse/session.ts
import { openLighthouseSession, runLighthouse } from '../lighthouse/session.ts';
import { buildWebAppIfStale } from '../web-build.ts';
import {
  formatReport,
  passes,
  summarise,
  type LighthouseResult,
  type PageScore,
} from './report.ts';

const pages = ['/portal/home', '/console/overview', '/console/ipList'];
const presets = ['desktop', 'mobile'] as const;
const languages = (process.env.A11Y_LANGUAGES ?? 'zh-CN,en-US')
  .split(',')
  .map((item) => item.trim());

const buildStatus = buildWebAppIfStale({ ...process.env, NODE_ENV: 'production' });
if (buildStatus !== 0) process.exit(buildStatus);

const started = Date.now();
const session = await openLighthouseSession();
const scores: PageScore[] = [];
try {
  for (const language of languages)
    for (const path of pages)
      for (const preset of presets) {
        const result = await runLighthouse<LighthouseResult>(
          session.browser,
          `${session.server.url}${path}`,
          { preset, language, categories: ['accessibility'] },
        );
        scores.push(summarise(result, { page: path, preset, language }));
        console.warn(`measured ${path} ${preset} ${language}`);
      }
} finally {
  await session.close();
}

process.stdout.write(
  `${formatReport(scores)}\n\n${session.engine}, ${Math.round((Date.now() - started) / 1000)} s\n`,
);
process.exitCode = scores.every(passes) ? 0 : 1;
