// `npm start`: install, build the API and the web app when needed, then run the built server (it
// migrates and, in demo mode, seeds).
import { spawn } from 'node:child_process';
import { ensureApiBuild, ensureInstalled, ensureWebBuild, root } from './lib.mjs';

await ensureInstalled();
await ensureApiBuild();
await ensureWebBuild();
const server = spawn(process.execPath, ['apps/api/dist/main.js'], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
