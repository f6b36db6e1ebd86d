/**
 * The simulation behind the table in README.md: location-years of ordinary low-star reviews (weekly
 * factors, log-normal day-to-day noise, Poisson counts), tested every 3 hours with the chosen rules and
 * with a plain Poisson test at p < 0.001. Run: npx tsx apps/api/src/modules/reviewAlerts/simulate.ts
 */
import { BASELINE_DAYS, baselineOf, RULES, testWindow, WINDOW_HOURS, type Rules } from './detector';
import { seeded } from './seeded';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const WEEKLY = [1.3, 0.8, 0.8, 0.9, 1.0, 1.3, 1.7];
const YEARS = 40;
const POISSON: Rules = { pThreshold: 0.001, minDispersion: 0, maxDispersion: 0 };

/** False alerts (bursts raised, one per burst) over one simulated year of each rule set. */
function simulateYear(seed: number, mean: number, sd: number, ruleSets: Rules[]): number[] {
  const rnd = seeded(seed);
  const first = Date.UTC(2025, 0, 1);
  const days = BASELINE_DAYS + 365;
  const counts = new Map<string, number>();
  const times: number[] = [];
  for (let d = 0; d < days; d++) {
    const start = first + d * DAY;
    const n = rnd.poisson(mean * WEEKLY[new Date(start).getUTCDay()]! * Math.exp(sd * rnd.normal() - (sd * sd) / 2));
    counts.set(new Date(start).toISOString().slice(0, 10), n);
    for (let i = 0; i < n; i++) times.push(start + rnd.next() * DAY);
  }
  times.sort((a, b) => a - b);
  const fired = ruleSets.map(() => 0);
  const lastSeen = ruleSets.map(() => -Infinity);
  let low = 0;
  for (let t = first + BASELINE_DAYS * DAY; t < first + days * DAY; t += 3 * HOUR) {
    const start = new Date(t - WINDOW_HOURS * HOUR);
    while (times[low]! < start.getTime()) low++;
    let count = 0;
    for (let j = low; j < times.length && times[j]! < t; j++) count++;
    const baseline = baselineOf(counts, start);
    ruleSets.forEach((rules, i) => {
      if (!testWindow(count, baseline, start, new Date(t), rules).burst) return;
      if (lastSeen[i]! < start.getTime()) fired[i]! += 1;
      lastSeen[i] = t;
    });
  }
  return fired;
}

/** The smallest 24-hour count that fires on an ordinary baseline of this mean. */
function firesAt(mean: number, sd: number): number {
  const start = new Date(Date.UTC(2025, 5, 10, 12));
  const rnd = seeded(7);
  const counts = new Map<string, number>();
  for (let i = 1; i <= BASELINE_DAYS; i++) {
    const day = new Date(Date.UTC(2025, 5, 10) - i * DAY);
    const n = rnd.poisson(mean * WEEKLY[day.getUTCDay()]! * Math.exp(sd * rnd.normal() - (sd * sd) / 2));
    counts.set(day.toISOString().slice(0, 10), n);
  }
  const baseline = baselineOf(counts, start);
  let k = 1;
  while (!testWindow(k, baseline, start, new Date(start.getTime() + DAY)).burst) k++;
  return k;
}

const print = (line: string) => process.stdout.write(`${line}\n`);

print(
  `| low ratings a day, σ | false alerts, Poisson p < 0.001 | false alerts, chosen rules | chosen rules fire at (24 h) |`,
);
print('|---|---|---|---|');
for (const [mean, sd] of [
  [0.3, 0.25],
  [3, 0.25],
  [3, 0.4],
  [20, 0.25],
  [20, 0.4],
] as const) {
  const totals = [0, 0];
  for (let y = 1; y <= YEARS; y++) {
    const fired = simulateYear(y * 7919 + Math.round(mean * 100), mean, sd, [POISSON, RULES]);
    totals[0]! += fired[0]!;
    totals[1]! += fired[1]!;
  }
  print(`| ${mean}, ${sd} | ${totals[0]} | ${totals[1]} | ${firesAt(mean, sd)} |`);
}
