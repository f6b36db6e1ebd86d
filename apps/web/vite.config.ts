import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const api = process.env.API_URL ?? 'http://localhost:3000';
const proxied = ['/v2', '/v3', '/api', '/version', '/review/', '/healthz', '/readyz', '/metrics'];
const SIDE_EFFECT_FREE = [
  /[\\/](packages[\\/]core|node_modules[\\/]@rc-component|node_modules[\\/]@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/]/,
];
/**
 * The libraries of the signed-in shell (side menu, header, tooltips, antd's App with its message,
 * notification and modal, TanStack Query, Card): every signed-in screen loads them, so they go to
 * one `shell` chunk instead of some twenty small ones (brotli compresses each file on its own: 10 kB
 * less on every signed-in screen). Only these modules, not their dependencies (the group's
 * includeDependenciesRecursively is off), so nothing of /signin's moves into it; noChunkCycles()
 * checks that the chunks still import one another without a cycle.
 */
const SHELL_LIBRARIES =
  /[\\/]node_modules[\\/](@tanstack[\\/]|@rc-component[\\/](menu|overflow|dropdown|notification|dialog|tooltip|trigger)[\\/]|antd[\\/]es[\\/](menu|tooltip|dropdown|badge|app|notification|message|modal|card|skeleton|avatar|breadcrumb|popover|layout)[\\/])/;
/**
 * ECharts and its renderer, but for the pie and the gauge (fetched with their first chart,
 * src/features/reporting/Chart.tsx): one chunk, which every chart screen loads. Without the group,
 * what the pie and gauge share with the rest went to a second chunk, and two files compress to
 * 4 kB more than one.
 */
const CHART_LIBRARY = /[\\/]node_modules[\\/](zrender|echarts[\\/](?!lib[\\/]chart[\\/](pie|gauge)[\\/]))/;
const CORE_SOURCE = /[\\/]packages[\\/]core[\\/]src[\\/].*\.ts$/;

function hasCall(node: ts.Node): boolean {
  if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) return true;
  if (ts.isFunctionLike(node)) return false; // a function body runs later, not at module load
  return ts.forEachChild(node, hasCall) ?? false;
}

/**
 * @reputo/core is rules and constants with no I/O, but its module-level constants are built by
 * calls (zod schemas, maps), which a bundler must keep in case they have side effects. This wraps
 * each such initializer in an IIFE marked pure, so a page keeps only the constants it uses: the
 * sign-in route takes the validation messages without the zod schemas (and zod) behind them.
 */
function corePureConstants(): Plugin {
  return {
    name: 'reputo-core-pure-constants',
    apply: 'build',
    transform(code, id) {
      if (!CORE_SOURCE.test(id) || id.endsWith('.test.ts')) return null;
      const file = ts.createSourceFile(id, code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
      const edits: { at: number; text: string }[] = [];
      for (const stmt of file.statements) {
        if (!ts.isVariableStatement(stmt)) continue;
        for (const decl of stmt.declarationList.declarations) {
          const init = decl.initializer;
          if (!init || !hasCall(init)) continue;
          edits.push(
            { at: init.getStart(file), text: '/* @__PURE__ */ (() => (' },
            { at: init.getEnd(), text: '))()' },
          );
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const e of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.text + out.slice(e.at);
      return { code: out, map: null };
    },
  };
}

/**
 * Fails the build when chunks import one another in a cycle: with the shell group taking modules
 * without their dependencies, a cycle could run a module before one it needs.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'reputo-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const [file, out] of Object.entries(bundle)) if (out.type === 'chunk') imports.set(file, out.imports);
      const state = new Map<string, 'open' | 'done'>();
      const visit = (file: string, trail: string[]): void => {
        if (state.get(file) === 'done') return;
        if (state.get(file) === 'open')
          throw new Error(`Chunks import one another in a cycle: ${[...trail, file].join(' -> ')}`);
        state.set(file, 'open');
        for (const next of imports.get(file) ?? []) visit(next, [...trail, file]);
        state.set(file, 'done');
      };
      for (const file of imports.keys()) visit(file, []);
    },
  };
}

/**
 * Imports inside antd that bring into every screen's first load what no screen of ours uses (or what
 * few show, then fetched when shown), each answered by a module of ours instead (its file says why):
 * [importer, imported path's end, ours].
 */
const ANTD_IMPORTS_REPLACED: [RegExp, string, string][] = [
  [
    /[\\/]antd[\\/]es[\\/](button[\\/]style[\\/]token|tag[\\/]style[\\/]index)\.js$/,
    '/color-picker/components/ColorPresets',
    'src/lib/antd/isBright.ts',
  ],
  [/[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/, '/tooltip/UniqueProvider', 'src/lib/antd/UniqueProvider.tsx'],
  [/[\\/]antd[\\/]es[\\/]color-picker[\\/](color|util)\.js$/, '@rc-component/color-picker', 'src/lib/antd/rcColor.ts'],
  [
    /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    '/FilterDropdown',
    'src/lib/antd/NoColumnFilters.tsx',
  ],
  [/[\\/]antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/, '../select', 'src/lib/antd/LazySizeChanger.tsx'],
  [/[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/, '../form/hooks/useForm', 'src/lib/antd/toNamePathStr.ts'],
  [/[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, '../tabs', 'src/lib/antd/LazyTabs.tsx'],
  [/[\\/]antd[\\/]es[\\/]progress[\\/]progress\.js$/, './Circle', 'src/lib/antd/LazyCircle.tsx'],
  [/[\\/]antd[\\/]es[\\/]table[\\/]InternalTable\.js$/, './RcTable/VirtualTable', 'src/lib/antd/LazyVirtualTable.tsx'],
  [/[\\/]antd[\\/]es[\\/]index\.js$/, './input', 'src/lib/antd/Input.ts'],
  [
    /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    '@rc-component/tree',
    'src/lib/antd/strictSelection.ts',
  ],
  [/[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, '../../radio', 'src/lib/antd/LazyRadio.tsx'],
  [
    /[\\/]@rc-component[\\/]tree-select[\\/]es[\\/]TreeSelect\.js$/,
    './OptionList',
    'src/lib/antd/LazyTreeOptionList.tsx',
  ],
];

/** A table column's filter props (antd's ColumnType): none may be used while the Table's filter menu is replaced. */
const COLUMN_FILTER_PROPS =
  /\b(filterDropdown|filterIcon|filterMode|filterSearch|onFilter|filteredValue)\b|\bfilters\s*:\s*\[/;

/** What no source file may use while ANTD_IMPORTS_REPLACED answers the import behind it: [pattern, why]. */
const FORBIDDEN_IN_SOURCE: [RegExp, string][] = [
  [
    COLUMN_FILTER_PROPS,
    'gives a table column a filter: take NoColumnFilters out of ANTD_IMPORTS_REPLACED in vite.config.ts',
  ],
  [
    /\bInput\.(Group|Search|TextArea|Password|OTP)\b/,
    "uses a static of antd's Input, which src/lib/antd/Input.ts leaves out: import it from antd/es/input/ instead",
  ],
  [
    /\bcheckStrictly\b/,
    'sets checkStrictly, whose cascade src/lib/antd/strictSelection.ts leaves out: take it out of ANTD_IMPORTS_REPLACED',
  ],
];

/** Fails the build when a source file uses what a replaced antd import no longer brings (FORBIDDEN_IN_SOURCE). */
function forbiddenInSource(): Plugin {
  return {
    name: 'reputo-forbidden-in-source',
    apply: 'build',
    transform(code, id) {
      if (!id.includes(`${path.sep}src${path.sep}`) || id.includes('node_modules')) return null;
      const hit = FORBIDDEN_IN_SOURCE.find(([pattern]) => pattern.test(code));
      if (hit) this.error(`${id} ${hit[1]}`);
      return null;
    },
  };
}

function antdImportsReplaced(): Plugin {
  return {
    name: 'reputo-antd-imports-replaced',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const hit = ANTD_IMPORTS_REPLACED.find(([from, end]) => importer && from.test(importer) && source.endsWith(end));
      return hit ? path.resolve(import.meta.dirname, hit[2]) : null;
    },
  };
}

/** React Router's bundled code (one file of every component and hook it exports). */
const REACT_ROUTER_CHUNK =
  /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](development|production)[\\/]chunk-[^\\/]+\.mjs$/;

/**
 * React Router's package exports only its development build, whose components are named by a
 * top-level `X.displayName = "X"` each: an assignment a bundler must keep, and the component with it,
 * and its components and contexts are made by `React.forwardRef(...)` and `React.createContext(...)`
 * calls not marked pure: both kept what we never use (`Form`, `NavLink`, `ScrollRestoration` and
 * their hooks) in every page's first load, with the development warnings. This turns the warnings off
 * as its production build does, drops the names (React DevTools' labels only) and marks those calls
 * pure, so what we do not import is shaken out.
 */
function reactRouterProduction(): Plugin {
  const WARNINGS_ON = /^var ENABLE_DEV_WARNINGS = true;$/m;
  let seen = false;
  let marked = false;
  return {
    name: 'reputo-react-router-production',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id)) return null;
      seen = true;
      marked ||= WARNINGS_ON.test(code);
      return {
        code: code
          .replace(WARNINGS_ON, 'var ENABLE_DEV_WARNINGS = false;')
          .replace(/^[A-Za-z0-9_$]+\.displayName = "[^"\n]*";$/gm, '')
          .replace(/^(var [A-Za-z0-9_$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2'),
        map: null,
      };
    },
    // An upgrade that reshapes the file would silently bring the unused code back: fail the build instead.
    buildEnd() {
      if (seen && !marked)
        this.error("React Router's bundled file changed shape: update reactRouterProduction() in vite.config.ts");
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, compressed once
 * at their best settings: the server sends the one the browser accepts (@fastify/static's
 * preCompressed), so no asset is compressed per request and none is sent uncompressed.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
  return {
    name: 'reputo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        // Small files too: a file without its copies is compressed by the server on every request
        // (@fastify/compress compresses a stream whatever its size), and the build has about fifty.
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    antdImportsReplaced(),
    forbiddenInSource(),
    corePureConstants(),
    reactRouterProduction(),
    react(),
    noChunkCycles(),
    precompress(),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: true }])),
  },
  build: {
    // The manifest lets tests and tools see which chunks a route loads (scripts/route-size.mjs).
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // A page pulls in only what it uses from modules without side effects: @reputo/core (rules and
      // constants, no I/O) and antd's rc-component and cssinjs libraries, which do not declare
      // `sideEffects: false` (without this, every page that imports antd's Input took all of
      // rc-component/form through its barrel, 13.6 kB gzip on /signin).
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.some((free) => free.test(id)) },
      output: {
        codeSplitting: {
          // What every screen loads first (the entry's static imports: React, the router, antd's theme)
          // in one file rather than a dozen shared chunks: brotli compresses each file on its own, and
          // the same code in one file was 7 kB smaller on /signin. Then the signed-in shell's libraries.
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'shell', test: SHELL_LIBRARIES, includeDependenciesRecursively: false },
            { name: 'Chart', test: CHART_LIBRARY },
          ],
        },
      },
    },
  },
});
