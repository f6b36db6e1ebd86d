import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import bidiFactory from 'bidi-js';

/**
 * Text in a PDF in every script of the reviews (Latin with its accents, Arabic, Cyrillic, Greek,
 * Devanagari). pdfkit's built-in Helvetica has Latin-1 only and no shaping, so Arabic came out as
 * garbage. Here the text is split into runs, each set in the first embedded font whose subset holds
 * its letters (Noto Sans, IBM Plex Sans Arabic: .woff files of @fontsource packages). pdfkit shapes
 * each run with fontkit (the font's OpenType tables join Arabic letters, and a right-to-left run
 * comes out in visual order), and bidi-js (the Unicode bidi algorithm) orders the runs of a line
 * that mixes right-to-left and left-to-right text. Lines are broken here, not by pdfkit, so each
 * line can be ordered and aligned as a whole (right-aligned when the paragraph is right-to-left).
 */

interface PdfFont {
  name: string;
  data: Buffer;
  /** Code point ranges of the font's subset (the package's unicode.json). */
  ranges: [number, number][];
}

const require = createRequire(import.meta.url);

/** Fallback order: the first font whose subset covers a letter sets it. */
const FONT_FILES: [pkg: string, subset: string, file: string][] = [
  ['@fontsource/noto-sans', 'latin', 'noto-sans-latin-400-normal.woff'],
  ['@fontsource/noto-sans', 'latin-ext', 'noto-sans-latin-ext-400-normal.woff'],
  ['@fontsource/ibm-plex-sans-arabic', 'arabic', 'ibm-plex-sans-arabic-arabic-400-normal.woff'],
  ['@fontsource/noto-sans', 'cyrillic', 'noto-sans-cyrillic-400-normal.woff'],
  ['@fontsource/noto-sans', 'cyrillic-ext', 'noto-sans-cyrillic-ext-400-normal.woff'],
  ['@fontsource/noto-sans', 'greek', 'noto-sans-greek-400-normal.woff'],
  ['@fontsource/noto-sans', 'vietnamese', 'noto-sans-vietnamese-400-normal.woff'],
  ['@fontsource/noto-sans', 'devanagari', 'noto-sans-devanagari-400-normal.woff'],
];

/** "U+0600-06FF,U+200C" as code point ranges. */
function parseRanges(list: string): [number, number][] {
  return list.split(',').map((part) => {
    const [from = '0', to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from.replace(/\?/g, '0'), 16), parseInt((to ?? from).replace(/\?/g, 'F'), 16)];
  });
}

/**
 * A WOFF font as the plain TrueType/OpenType file it wraps (tables inflated with Node's zlib). pdfkit
 * reads WOFF too, but inflates it in JavaScript for every document: 0.5 s of each export's time.
 */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) return woff; // not 'wOFF'
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compLength, origLength] = [
      woff.readUInt32BE(at + 4),
      woff.readUInt32BE(at + 8),
      woff.readUInt32BE(at + 12),
    ];
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? zlib.inflateSync(raw) : raw,
    };
  });
  const log2 = Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(2 ** log2 * 16, 6);
  header.writeUInt16BE(log2, 8);
  header.writeUInt16BE(numTables * 16 - 2 ** log2 * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    header.writeUInt32BE(t.tag, 12 + i * 16);
    header.writeUInt32BE(t.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(t.data.length, 24 + i * 16);
    const padded = Buffer.alloc(Math.ceil(t.data.length / 4) * 4);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

let fonts: PdfFont[] | null = null;

/** The fonts, read once per process (about 1 MB). */
function pdfFonts(): PdfFont[] {
  fonts ??= FONT_FILES.map(([pkg, subset, file]) => {
    const fontPath = require.resolve(`${pkg}/files/${file}`);
    const unicode = JSON.parse(readFileSync(path.join(path.dirname(fontPath), '..', 'unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    return {
      name: `${pkg.replace('@fontsource/', '')}-${subset}`,
      data: woffToSfnt(readFileSync(fontPath)),
      ranges: parseRanges(unicode[subset] ?? ''),
    };
  });
  return fonts;
}

/** Embeds the fonts in the document and makes the Latin one current. Call once per document. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  for (const f of pdfFonts()) doc.registerFont(f.name, f.data);
  doc.font(pdfFonts()[0]!.name);
}

const bidi = bidiFactory();

/** Spaces, joiners and marks stay in the run they are in (every font has a space; marks belong to their letter). */
const STAYS = /[\s\p{M}\u200c\u200d]/u;
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

function fontFor(char: string, current: string | null): string {
  const all = pdfFonts();
  if (current && STAYS.test(char)) return current;
  const cp = char.codePointAt(0)!;
  return (all.find((f) => f.ranges.some(([a, b]) => cp >= a && cp <= b)) ?? all[0]!).name;
}

interface Run {
  text: string;
  font: string;
  level: number;
}

/**
 * The runs of text[start, end) in logical order: a new run where the font or the bidi level changes,
 * and at each space, because pdfkit lays out a run word by word in logical order: a right-to-left
 * run of several words would come out with its words in the wrong order.
 */
function logicalRuns(text: string, levels: Uint8Array, start: number, end: number): Run[] {
  const runs: Run[] = [];
  let run: Run | null = null;
  for (let i = start; i < end;) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    const level = levels[i] ?? 0;
    const font = fontFor(char, run?.level === level ? run.font : null);
    const space = /\s/.test(char);
    if (run && run.font === font && run.level === level && space === /\s/.test(run.text)) run.text += char;
    else runs.push((run = { text: char, font, level }));
    i += char.length;
  }
  return runs;
}

/** Unicode bidi rule L2 on runs: from the highest level down to the lowest odd one, reverse every sequence at that level or above. */
function visualOrder(runs: Run[]): Run[] {
  const out = [...runs];
  const levels = out.map((r) => r.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((l) => l % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < out.length; i++) {
      if (out[i]!.level < level) continue;
      let j = i;
      while (j + 1 < out.length && out[j + 1]!.level >= level) j++;
      out.splice(i, j - i + 1, ...out.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return out;
}

/**
 * The characters of a right-to-left run as pdfkit should get them: mirrored brackets; and reversed
 * when the run has no right-to-left letter, because fontkit reverses (into visual order) only runs
 * of a right-to-left script.
 */
function rtlRunText(text: string): string {
  const mirrored = Array.from(text, (c) => bidi.getMirroredCharacter(c) ?? c);
  return RTL_LETTER.test(text) ? mirrored.join('') : mirrored.reverse().join('');
}

function runWidth(doc: PDFKit.PDFDocument, runs: Run[]): number {
  return runs.reduce((sum, r) => sum + doc.font(r.font).widthOfString(r.text), 0);
}

export interface RichTextOptions {
  x: number;
  width: number;
  fontSize: number;
  color: string;
  /** The paragraphs' base direction: 'auto' (the default) from their first strong letter, as user content is; an interface label in Arabic is 'rtl'. */
  direction?: 'ltr' | 'rtl' | 'auto';
}

/** Breaks a paragraph into lines [start, end) that fit the width, at spaces (a word wider than the line is cut). */
function lineBreaks(doc: PDFKit.PDFDocument, text: string, levels: Uint8Array, width: number): [number, number][] {
  const lines: [number, number][] = [];
  const words = [...text.matchAll(/\S+\s*/g)].map((m) => [m.index, m.index + m[0].length] as [number, number]);
  let lineStart = 0;
  let lineWidth = 0;
  for (const [a, b] of words) {
    const word = text.slice(a, b);
    const w = runWidth(doc, logicalRuns(text, levels, a, a + word.trimEnd().length));
    if (lineWidth > 0 && lineWidth + w > width) {
      lines.push([lineStart, a]);
      lineStart = a;
      lineWidth = 0;
    }
    if (w > width) {
      // A word wider than the line: cut it where the line is full.
      let cut = a;
      for (let i = a + 1; i <= b; i++) {
        if (runWidth(doc, logicalRuns(text, levels, cut, i)) > width && i - 1 > cut) {
          lines.push([cut, i - 1]);
          cut = i - 1;
        }
      }
      lineStart = cut;
      lineWidth = runWidth(doc, logicalRuns(text, levels, cut, b));
      continue;
    }
    lineWidth += runWidth(doc, logicalRuns(text, levels, a, b));
  }
  if (lineStart < text.length) lines.push([lineStart, text.length]);
  return lines;
}

/**
 * Draws one line: each run at its place in visual order (from the line's left edge), but written
 * into the page in logical order, so a reader that extracts the text (search, copy, screen readers)
 * gets the words in reading order.
 */
function drawLine(doc: PDFKit.PDFDocument, runs: Run[], left: number, y: number): void {
  const placed: { text: string; font: string; x: number; index: number }[] = [];
  let x = left;
  for (const run of visualOrder(runs)) {
    const text = run.level % 2 === 1 ? rtlRunText(run.text) : run.text;
    placed.push({ text, font: run.font, x, index: runs.indexOf(run) });
    x += doc.font(run.font).widthOfString(text);
  }
  for (const p of placed.sort((a, b) => a.index - b.index)) doc.font(p.font).text(p.text, p.x, y, { lineBreak: false });
}

/**
 * Writes text (any scripts, several paragraphs) at doc.y within [x, x + width], breaking lines and
 * pages; a right-to-left paragraph is right-aligned. Leaves doc.y under the text.
 */
export function richText(doc: PDFKit.PDFDocument, text: string, opts: RichTextOptions): void {
  doc.fontSize(opts.fontSize).fillColor(opts.color);
  const lineHeight = doc.currentLineHeight(true);
  let y = doc.y;
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    const { levels, paragraphs } = bidi.getEmbeddingLevels(paragraph, opts.direction ?? 'auto');
    const rtl = (paragraphs[0]?.level ?? 0) % 2 === 1;
    for (const [start, end] of lineBreaks(doc, paragraph, levels, opts.width)) {
      const visible = paragraph.slice(start, end).trimEnd().length;
      const runs = logicalRuns(paragraph, levels, start, start + visible);
      if (y + lineHeight > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      drawLine(doc, runs, rtl ? opts.x + opts.width - runWidth(doc, runs) : opts.x, y);
      y += lineHeight;
    }
    if (paragraph.trim() === '') y += lineHeight;
  }
  doc.x = opts.x;
  doc.y = y;
}

/** Arabic presentation forms (U+FB50-FDFF, U+FE70-FEFF) by the letters they stand for (their NFKC form). */
let presentationForms: Map<string, number> | null = null;

function presentationFormOf(letters: string): number | undefined {
  if (!presentationForms) {
    presentationForms = new Map();
    for (const [from, to] of [
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ] as const) {
      for (let cp = to; cp >= from; cp--) {
        const plain = String.fromCodePoint(cp).normalize('NFKC');
        if (plain.length > 1) presentationForms.set(plain, cp);
      }
    }
  }
  return presentationForms.get(letters);
}

/** The part of pdfkit's embedded font that writes the text layer (ToUnicode): each glyph's letters. */
interface EmbeddedFontText {
  unicode?: number[][];
}

/**
 * Maps each Arabic ligature glyph (lam-alef, feh-yeh...) to its one presentation-form letter in the
 * text layer, instead of the letters it joins. A reader that extracts text reverses a right-to-left
 * run letter by letter (the run is stored in visual order), which turned lam-alef into alef-lam;
 * one letter survives the reversal, and Unicode normalisation (NFKC) gives back the letters.
 * Call before doc.end(), when the fonts are written.
 */
export function ligaturesAsPresentationForms(doc: PDFKit.PDFDocument): void {
  // pdfkit keeps its embedded fonts in a private map; its typings do not declare it.
  const families = (doc as unknown as { _fontFamilies?: Record<string, EmbeddedFontText> })._fontFamilies ?? {};
  for (const font of Object.values(families)) {
    font.unicode?.forEach((codePoints, gid, all) => {
      const form =
        codePoints.length > 1 && RTL_LETTER.test(String.fromCodePoint(...codePoints))
          ? presentationFormOf(String.fromCodePoint(...codePoints))
          : undefined;
      if (form) all[gid] = [form];
    });
  }
}
