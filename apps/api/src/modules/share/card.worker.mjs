// Share cards drawn in their own thread (see cardThread.ts for why). Plain JavaScript so the same
// file runs under tsx, vitest and plain node without a loader. The card's layout stays in card.ts:
// this thread receives the finished node tree as JSON and only does the expensive part, satori
// (layout to SVG) and resvg (SVG to PNG).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';

// Fonts come from @fontsource packages (.woff; satori cannot read woff2): Inter for Latin text,
// IBM Plex Sans Arabic for Arabic. Not Noto Sans Arabic: it places the dots of yeh and teh marbuta
// with mark positioning, which satori does not apply, so names lost their dots. Read once, when the
// thread starts.
const require = createRequire(import.meta.url);
const file = (pkg, name) => readFileSync(require.resolve(`${pkg}/files/${name}`));
const fonts = [
  { name: 'Inter', data: file('@fontsource/inter', 'inter-latin-400-normal.woff'), weight: 400, style: 'normal' },
  { name: 'Inter', data: file('@fontsource/inter', 'inter-latin-700-normal.woff'), weight: 700, style: 'normal' },
  {
    name: 'IBM Plex Sans Arabic',
    data: file('@fontsource/ibm-plex-sans-arabic', 'ibm-plex-sans-arabic-arabic-400-normal.woff'),
    weight: 400,
    style: 'normal',
  },
  {
    name: 'IBM Plex Sans Arabic',
    data: file('@fontsource/ibm-plex-sans-arabic', 'ibm-plex-sans-arabic-arabic-700-normal.woff'),
    weight: 700,
    style: 'normal',
  },
];

async function render({ tree, width, height }) {
  const svg = await satori(JSON.parse(tree), { width, height, fonts });
  return new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
}

// One card at a time: satori awaits inside, and interleaved renders would only hold more memory at once.
let queue = Promise.resolve();
parentPort.on('message', (m) => {
  queue = queue
    .then(() => render(m))
    .then(
      (png) => parentPort.postMessage({ id: m.id, ok: true, value: png }),
      (e) =>
        parentPort.postMessage({ id: m.id, ok: false, error: { message: e instanceof Error ? e.message : String(e) } }),
    );
});
