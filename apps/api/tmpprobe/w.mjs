import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
if (isMainThread) {
  const w = new Worker(new URL(import.meta.url));
  let next = 1; const waiting = new Map();
  w.on('message', (m) => { const f = waiting.get(m.id); waiting.delete(m.id); f(m); });
  const REF = process.env.REF === '1'; w.unref();
  const ask = (msg) => new Promise((res) => { const id = next++; if (REF) w.ref(); waiting.set(id, (m) => { if (REF) w.unref(); res(m); }); w.postMessage({ ...msg, id }); });
  await ask({ op: 'open' });
  for (const op of ['noop', 'select1', 'noop', 'select1']) {
    for (let i = 0; i < 100; i++) await ask({ op });
    const n = 1000; const t0 = performance.now(); let inner = 0;
    for (let i = 0; i < n; i++) inner += (await ask({ op })).ms;
    console.log(op, 'round trip', ((performance.now() - t0) / n).toFixed(3), 'ms; inside worker', (inner / n).toFixed(3));
  }
  await w.terminate();
} else {
  let pg;
  parentPort.on('message', async (m) => {
    const t0 = performance.now();
    if (m.op === 'open') pg = await PGlite.create(process.env.DIR);
    let value = null;
    if (m.op === 'select1') value = await pg.query('select 1', [], { rowMode: 'array', parsers: {} });
    parentPort.postMessage({ id: m.id, ms: performance.now() - t0, value: process.env.VALUE === '1' ? value : null });
  });
}
