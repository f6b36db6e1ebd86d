import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { LoadResult } from './cannon';
import type { RunResults, ScenarioResult } from './index';

/**
 * Results as Markdown: one section per data set and database, with the machine, the data set, the
 * command, and a table of p50, p95 and requests per second at each concurrency, the raw SQL time
 * and the ratio of the two. RESULTS.md holds one such section per data set and database between
 * markers; a new run replaces its own section and leaves the rest of the page alone.
 */

const SERVER_OVER_RAW = 1.3;
const EMBEDDED_OVER_PG = 3;

const fmt = (v: number | null | undefined, digits = 1) =>
  v === null || v === undefined ? '–' : v.toFixed(digits).replace(/\.0+$/, '');

function at(s: ScenarioResult, connections: number): LoadResult | undefined {
  return s.load.find((l) => l.connections === connections);
}

function rawOf(s: ScenarioResult): { p50: number; statements: number } | null {
  return s.raw && 'p50' in s.raw ? { p50: s.raw.p50, statements: s.raw.statements } : null;
}

/** Server time over raw SQL time: the single-client p50 of the call over the p50 of its statements replayed one after another. */
export function serverOverRaw(s: ScenarioResult): number | null {
  const raw = rawOf(s);
  const single = at(s, 1);
  if (!raw || !single || raw.p50 <= 0) return null;
  return Math.round((single.p50 / raw.p50) * 100) / 100;
}

/** Whether a call meets its targets: p95 (and requests a second) at the highest concurrency, p95 at one client. */
export function verdict(s: ScenarioResult, connections: number[]): 'ok' | 'missed' | 'failed' | null {
  if (s.skipped) return null;
  if (s.load.some((l) => l.failures > 0)) return 'failed';
  const t = s.targets;
  if (!t) return null;
  const top = at(s, Math.max(...connections));
  const single = at(s, 1);
  const misses = [
    top && top.p95 > t.p95Ms,
    top && t.minRps !== undefined && top.rps < t.minRps,
    single && t.singleP95Ms !== undefined && single.p95 > t.singleP95Ms,
  ];
  return misses.some(Boolean) ? 'missed' : 'ok';
}

/** A call's targets as the table's column writes them: "20 (1 client), 60" is p95 in ms; "300/s" requests a second. */
export function targetsText(t: ScenarioResult['targets']): string {
  if (!t) return '–';
  return [
    t.singleP95Ms === undefined ? '' : `${t.singleP95Ms} (1 client)`,
    String(t.p95Ms),
    t.minRps === undefined ? '' : `${t.minRps}/s`,
  ]
    .filter(Boolean)
    .join(', ');
}

function scenarioRow(s: ScenarioResult, connections: number[]): string {
  if (s.skipped)
    return `| ${s.name} | ${targetsText(s.targets)} | ${connections.map(() => '–').join(' | ')} | – | – | – | ${s.skipped} |`;
  const cells = connections.map((c) => {
    const l = at(s, c);
    return l ? `${fmt(l.p50)} / ${fmt(l.p95)}` : '–';
  });
  const top = at(s, Math.max(...connections));
  const raw = rawOf(s);
  const ratio = serverOverRaw(s);
  // Below 1× the server did not run the statements it is compared with: a kept answer (report cache).
  // An own-view run's server times are of many views, its raw replay of one: not the same work.
  const ratioText =
    ratio === null || s.ownView
      ? '–'
      : ratio < 1
        ? 'cached'
        : ratio > SERVER_OVER_RAW
          ? `**${fmt(ratio, 2)}×**`
          : `${fmt(ratio, 2)}×`;
  const rawError = s.raw && 'error' in s.raw ? s.raw.error : null;
  const v = verdict(s, connections);
  const notes = [
    v === 'missed'
      ? '**missed**'
      : v === 'failed'
        ? `**${top?.failures ?? ''} failed** ${JSON.stringify(top?.statuses ?? {})}`
        : (v ?? ''),
    rawError ? `raw: ${rawError}` : '',
    s.ownView ? 'own views' : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `| ${s.name} | ${targetsText(s.targets)} | ${cells.join(' | ')} | ${fmt(top?.rps, 0)} | ${raw ? `${fmt(raw.p50, 2)} (${raw.statements})` : '–'} | ${ratioText} | ${notes} |`;
}

function connectionsOf(r: RunResults): number[] {
  const all = new Set<number>();
  for (const s of r.scenarios) for (const l of s.load) all.add(l.connections);
  return [...all].sort((a, b) => a - b);
}

function driverTitle(r: RunResults): string {
  return r.driver === 'pg' ? 'PostgreSQL' : 'embedded PGlite';
}

/** Embedded p95 over PostgreSQL p95 at each call's highest concurrency, when a PostgreSQL run of the same set exists. */
function embeddedComparison(r: RunResults, pg: RunResults): string[] {
  const top = Math.max(...connectionsOf(r));
  const lines = [
    '',
    `Embedded against PostgreSQL (p95 at ${top} clients, and p50 at 1 client; target: within ${EMBEDDED_OVER_PG}×; PostgreSQL run of ${pg.when.slice(0, 16).replace('T', ' ')}):`,
    '',
    '| call | PGlite / PostgreSQL p95 | p50 (1 client) | |',
    '|---|---|---|---|',
  ];
  for (const s of r.scenarios) {
    const other = pg.scenarios.find((x) => x.name === s.name);
    const a = at(s, top);
    const b = other ? at(other, top) : undefined;
    const a1 = at(s, 1);
    const b1 = other ? at(other, 1) : undefined;
    if (!a || !b || !a1 || !b1) continue;
    const ratio = b.p95 > 0 ? a.p95 / b.p95 : 0;
    const ratio1 = b1.p50 > 0 ? a1.p50 / b1.p50 : 0;
    lines.push(
      `| ${s.name} | ${fmt(ratio, 2)}× | ${fmt(ratio1, 2)}× | ${ratio <= EMBEDDED_OVER_PG ? 'ok' : '**missed**'} |`,
    );
  }
  return lines;
}

/** For --raw-only runs: each call's SQL time and its slowest statement. */
export function renderRawOnly(r: RunResults): string {
  const lines = [
    `### Raw SQL of ${r.dataSet.label} on ${driverTitle(r)} (${r.when.slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    '| call | raw SQL p50 ms | statements | slowest statement (p50 ms) |',
    '|---|---|---|---|',
  ];
  for (const s of r.scenarios) {
    if (!s.raw || !('p50' in s.raw)) {
      lines.push(`| ${s.name} | – | – | ${s.raw && 'error' in s.raw ? s.raw.error : ''} |`);
      continue;
    }
    const slowest = [...s.raw.sql].sort((a, b) => b.p50 - a.p50)[0];
    lines.push(
      `| ${s.name} | ${fmt(s.raw.p50, 2)} | ${s.raw.statements} | ${slowest ? `${fmt(slowest.p50, 2)}: \`${slowest.sql.replace(/\s+/g, ' ').slice(0, 160)}\`` : ''} |`,
    );
  }
  return lines.join('\n');
}

export function renderSection(r: RunResults, pgForComparison: RunResults | null = null): string {
  const connections = connectionsOf(r);
  const most = Math.max(...connections);
  const d = r.dataSet;
  const m = r.machine;
  const lines: string[] = [
    `### ${d.label} on ${driverTitle(r)}`,
    '',
    `Measured ${r.when.slice(0, 16).replace('T', ' ')} UTC in ${r.seconds} s. Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.database}. Load average before ${m.loadBefore.join(' / ')}, after ${m.loadAfter.join(' / ')}${m.loadBefore[0]! > m.cores * 0.5 ? ' (other work was running on the machine: figures are pessimistic)' : ''}.`,
    '',
    `Data set: ${d.bigCompanyReviews.toLocaleString('en')} reviews of one company in ${d.bigCompanyLocations.toLocaleString('en')} locations from ${d.firstDay} to ${d.lastDay}; ${d.companies} companies, ${d.locations.toLocaleString('en')} locations, ${d.reviews.toLocaleString('en')} reviews and ${d.responses.toLocaleString('en')} replies in all; ${d.reviewDailyRows.toLocaleString('en')} review_daily rows, ${d.topicDailyRows.toLocaleString('en')} topic_daily rows.`,
    '',
    `Command: \`${r.command}\``,
    '',
    r.views === 'own'
      ? 'Views: calls marked "own views" ask a different view at each request (a start date in the last two years, 1 to 25 of the locations or all, a page from 1 to 10, a ranking sort; seeded, so a run repeats), as many users would; the others ask one URL. The report cache is as configured below.'
      : 'Views: every client asks the same URL of each call (`--views shared`), so the report cache answers most of them.',
    `Report cache: ${r.reportCacheSeconds === undefined ? 'as shipped' : r.reportCacheSeconds === 0 ? 'off (REPORT_CACHE_SECONDS=0)' : `${r.reportCacheSeconds} s`}.`,
    '',
    `Targets (issue 31): p95 in ms at ${most} clients, at one client where marked, and requests a second at ${most} ("/s"). Latencies in ms (p50 / p95); rps at ${most} clients; raw SQL = the call's statements replayed one after another on one connection (p50, statement count); server/raw = the 1-client p50 over the raw p50 (target ${SERVER_OVER_RAW}×; bold above it; "cached" where the server answered from its report cache; – for own-view calls, whose raw replay is of one view: compare with --views shared --report-cache-seconds 0).`,
    '',
    `| call | targets | ${connections.map((c) => `${c} client${c > 1 ? 's' : ''}`).join(' | ')} | rps | raw SQL | server/raw | |`,
    `|---|---|${connections.map(() => '---|').join('')}---|---|---|---|`,
    ...r.scenarios.map((s) => scenarioRow(s, connections)),
  ];
  if (r.png) lines.push(scenarioRow(r.png, connections));
  lines.push('');
  const e = r.export;
  if (e)
    lines.push(
      'skipped' in e
        ? `Excel export: ${e.skipped}.`
        : `Excel export of ${e.rows.toLocaleString('en')} reviews (${e.filter}): ${e.seconds} s, ${(e.bytes / 1024 / 1024).toFixed(1)} MB file; measured first on a freshly started server: its memory ${e.rssBeforeMb} MB before, ${e.rssPeakMb} MB at the peak (target: under 5 s and 300 MB: ${e.seconds < 5 && e.rssPeakMb < 300 ? 'ok' : '**missed**'}).`,
    );
  const l = r.listDuringUpload;
  if (l)
    lines.push(
      '',
      'skipped' in l
        ? `Review list during an upload: ${l.skipped}.`
        : `Review list (first page, ${l.clients} clients) during a ${l.rows.toLocaleString('en')}-row upload and its analysis: p50 ${l.p50} ms, p95 ${l.p95} ms, max ${l.max} ms over ${l.requests.toLocaleString('en')} requests in ${l.probeSeconds} s (import ${l.status} in ${l.uploadSeconds} s)${l.failures ? `, **${l.failures} failed**` : ''}.`,
    );
  const u = r.upload;
  if (u)
    lines.push(
      '',
      'skipped' in u
        ? `Review upload: ${u.skipped}.`
        : `Review upload of ${u.rows.toLocaleString('en')} rows (${(u.bytes / 1024 / 1024).toFixed(1)} MB CSV): ${u.status} in ${u.seconds} s, ${u.rowsPerSecond.toLocaleString('en')} rows/s; ${u.imported.toLocaleString('en')} imported, ${u.duplicates} duplicates, ${u.rejected} rejected${u.error ? `, error: ${u.error}` : ''} (target: 20,000 rows/s or more: ${u.rowsPerSecond >= 20_000 && u.status === 'done' ? 'ok' : '**missed**'}).`,
    );
  const b = r.browser;
  if (b) {
    if ('skipped' in b) lines.push('', `Browser: ${b.skipped}.`);
    else {
      lines.push(
        '',
        `Browser (headless Chromium, 1440x900): /signin loads ${b.signin.scripts} scripts, ${b.signin.jsKbGzip} kB gzip (target 200 kB: ${b.signin.jsKbGzip <= 200 ? 'ok' : '**missed**'}), form shown after ${b.signin.ms} ms.`,
        `Sign-in to the first review row on /reviews: ${b.reviewsAfterSignIn.ms === null ? b.reviewsAfterSignIn.note : `${b.reviewsAfterSignIn.ms} ms`} (${b.reviewsAfterSignIn.jsKbGzip} kB gzip JavaScript loaded in all). Cold load of /reviews for a signed-in user: ${b.reviewsCold.ms === null ? b.reviewsCold.note : `first row after ${b.reviewsCold.ms} ms`}, ${b.reviewsCold.scripts} scripts, ${b.reviewsCold.jsKbGzip} kB gzip.`,
      );
    }
  }
  if (pgForComparison) lines.push(...embeddedComparison(r, pgForComparison));
  return lines.join('\n');
}

function markers(r: RunResults): [string, string] {
  return [`<!-- bench:${r.dataSet.label}:${r.driver}:start -->`, `<!-- bench:${r.dataSet.label}:${r.driver}:end -->`];
}

/** Replaces this run's section of RESULTS.md (or appends it under "## Latest runs"). */
export function updateResultsFile(file: string, r: RunResults, section: string): void {
  const [start, end] = markers(r);
  const block = `${start}\n${section}\n${end}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  let next: string;
  if (from >= 0 && to > from) next = current.slice(0, from) + block + current.slice(to + end.length);
  else if (current.includes('## Latest runs'))
    next = current.replace('## Latest runs\n', `## Latest runs\n\n${block}\n`);
  else next = `${current.trimEnd()}\n\n## Latest runs\n\n${block}\n`;
  writeFileSync(file, next);
}
