import { parseCsv as a } from './oldsheets.ts';
import { parseCsv as b } from './newsheets.ts';
const alphabet = ['a', 'b', ',', ';', '"', '\n', '\r', ' ', 'é'];
let bad = 0;
for (let t = 0; t < 300000; t++) {
  const len = Math.floor(Math.random() * 14);
  let s = '';
  for (let i = 0; i < len; i++) s += alphabet[Math.floor(Math.random() * alphabet.length)];
  let ra: unknown, rb: unknown;
  try { ra = a(s); } catch (e) { ra = 'ERR'; }
  try { rb = b(s); } catch (e) { rb = 'ERR'; }
  if (JSON.stringify(ra) !== JSON.stringify(rb)) { if (bad++ < 8) console.log(JSON.stringify(s), JSON.stringify(ra), JSON.stringify(rb)); }
}
console.log('mismatches', bad);
const big = ('google,2024-05-01,5,"Great food, friendly ""staff""",,Sara Ali,BB-001,g-1001,en,\n').repeat(200000);
for (let k = 0; k < 2; k++) {
let t0 = performance.now(); a(big); console.log('old', Math.round(performance.now() - t0), 'ms');
t0 = performance.now(); b(big); console.log('new', Math.round(performance.now() - t0), 'ms', big.length);
}
