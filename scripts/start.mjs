// `npm start`: install, build the web app, then run the server (it migrates and, in demo mode, seeds).
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureWebBuild, root, typescriptArgs } from './lib.mjs';

await ensureInstalled();
await ensureWebBuild();
const server = spawn(process.execPath, typescriptArgs('apps/api/src/main.ts'), {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
