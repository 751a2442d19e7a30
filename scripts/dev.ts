// `npm run dev`: the API server with --watch on :8080 and the demo gateway beside it (as in
// `npm start`, scripts/supervisor.ts), and Vite's dev server (proxying /api to the API).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runStratus } from './supervisor.ts';

const root = path.resolve(import.meta.dirname, '..');
const vite = spawn('npm', ['run', 'dev', '--workspace', '@stratus/web'], {
  cwd: root,
  stdio: 'inherit',
});
const stopVite = () => vite.kill('SIGTERM');
process.on('SIGINT', stopVite);
process.on('SIGTERM', stopVite);
// Vite gone: the rest stops too, as after Ctrl-C.
vite.on('exit', () => process.kill(process.pid, 'SIGTERM'));

const code = await runStratus({ apiNodeOptions: ['--watch'] });
stopVite();
process.exit(code);
