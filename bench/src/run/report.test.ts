import { describe, expect, it } from 'vitest';
import { buildScenarios } from './scenarios';
import { targetsText, verdict } from './report';
import type { ScenarioResult } from './index';

const scenarios = buildScenarios({ reviewIds: [1], brandId: 2, today: '2026-12-05', locationIds: [1, 2, 3] });

/** A call measured at 1 and 32 clients with these p95s and requests a second at 32. */
function measured(name: string, single: number, top: number, rps: number): ScenarioResult {
  const s = scenarios.find((x) => x.name.startsWith(name))!;
  const load = (connections: number, p95: number, r: number) => ({
    connections,
    seconds: 5,
    requests: r * 5,
    failures: 0,
    statuses: {},
    rps: r,
    p50: p95 / 2,
    p95,
    p99: p95,
    max: p95,
  });
  return { ...s, skipped: null, load: [load(1, single, 100), load(32, top, rps)], raw: null };
}

describe("the benchmark's verdicts are issue 31's targets", () => {
  it('a filtered review page must answer within 60 ms at 32 clients', () => {
    expect(verdict(measured('reviews: filtered page', 10, 59, 500), [1, 32])).toBe('ok');
    expect(verdict(measured('reviews: filtered page', 10, 61, 500), [1, 32])).toBe('missed');
  });

  it('the first page also within 20 ms at one client', () => {
    expect(verdict(measured('reviews: first page', 19, 50, 500), [1, 32])).toBe('ok');
    expect(verdict(measured('reviews: first page', 21, 50, 500), [1, 32])).toBe('missed');
  });

  it('a report within 100 ms at 32 clients and at 300 requests a second', () => {
    expect(verdict(measured('statistics reviews/volume', 5, 99, 300), [1, 32])).toBe('ok');
    expect(verdict(measured('statistics reviews/volume', 5, 99, 299), [1, 32])).toBe('missed');
    expect(verdict(measured('dashboard premium', 5, 101, 900), [1, 32])).toBe('missed');
    expect(targetsText(measured('dashboard premium', 1, 1, 1).targets)).toBe('100, 300/s');
    expect(targetsText(measured('reviews: first page', 1, 1, 1).targets)).toBe('20 (1 client), 60');
  });
});
