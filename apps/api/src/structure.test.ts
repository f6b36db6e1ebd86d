import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API's layering (DESIGN.md section 2), kept by a walk of its imports: no module imports
 * itself back through others (a cycle loads one side half-initialised), platform/ (shared parts)
 * never imports modules/ (the domains): what it needs of them comes through interfaces the app
 * wires (IdentityReader, ApiKeyCheck), and route files leave their SQL to the repositories.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' || name === 'migrations' ? [] : sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const IMPORT = /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

interface Edge {
  to: string;
  typeOnly: boolean;
}

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const found = [base, `${base}.ts`, base.replace(/\.js$/, '.ts'), join(base, 'index.ts')].find(
    (p) => existsSync(p) && statSync(p).isFile(),
  );
  return found ?? null;
}

function importsOf(file: string): Edge[] {
  const edges: Edge[] = [];
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const to = resolveImport(file, m[2]!);
    if (to) edges.push({ to, typeOnly: Boolean(m[1]) });
  }
  return edges;
}

/** The import cycles (files that reach themselves), by Tarjan's strongly connected components. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) cycles.push(component.map((f) => relative(SRC, f)).sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('API source structure', () => {
  const files = sourceFiles(SRC);
  const edges = new Map(files.map((f) => [f, importsOf(f)] as const));

  it('has no import cycle between files that run (type-only imports are erased)', () => {
    const runtime = new Map([...edges].map(([f, es]) => [f, es.filter((e) => !e.typeOnly).map((e) => e.to)] as const));
    expect(cyclesOf(runtime)).toEqual([]);
  });

  it("keeps the SQL of route files in their module's repository", () => {
    const routeFiles = files.filter((f) => /(^|\.|\/)routes\.ts$/.test(f));
    const sql =
      /^import (?!type\b)[^;]*from '(drizzle-orm[^']*|[./]*db\/schema)';|\b(db|tx)\.(select|insert|update|delete|execute|transaction)\(/m;
    expect(routeFiles.length).toBeGreaterThan(20);
    expect(routeFiles.filter((f) => sql.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f))).toEqual([]);
  });

  it('never imports modules/ from platform/', () => {
    const platform = join(SRC, 'platform');
    const modules = join(SRC, 'modules');
    const wrong = [...edges].flatMap(([f, es]) =>
      f.startsWith(platform)
        ? es.filter((e) => e.to.startsWith(modules)).map((e) => `${relative(SRC, f)} -> ${relative(SRC, e.to)}`)
        : [],
    );
    expect(wrong).toEqual([]);
  });
});
