/**
 * Uploaded files (brand logos, later attachments): the one way to store them. Files live under
 * `DATA_DIR/uploads/<kind>/<random>.<ext>`; the key `<kind>/<random>.<ext>` is what rows keep and
 * what `GET /v2/api/uploads/<key>` serves back. Names are 24 random hex digits, so a key can be
 * handed out publicly (an <img> cannot send a bearer token) without making files enumerable.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageKind {
  ext: string;
  contentType: string;
}

const KEY_RE = /^([a-z][a-z0-9-]{0,30})\/([0-9a-f]{24})\.(png|jpg|gif|webp|svg)$/;

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

function startsWith(buf: Buffer, bytes: number[], offset = 0): boolean {
  return bytes.every((b, i) => buf[offset + i] === b);
}

/**
 * What image the bytes are, by their signature rather than the name or the declared type (both are
 * whatever the browser or a script says), or null when they are not an image we serve.
 */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', contentType: CONTENT_TYPES.png! };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: CONTENT_TYPES.jpg! };
  if (startsWith(buf, [0x47, 0x49, 0x46, 0x38])) return { ext: 'gif', contentType: CONTENT_TYPES.gif! };
  if (startsWith(buf, [0x52, 0x49, 0x46, 0x46]) && startsWith(buf, [0x57, 0x45, 0x42, 0x50], 8))
    return { ext: 'webp', contentType: CONTENT_TYPES.webp! };
  const head = buf.subarray(0, 1024).toString('utf8').trimStart().toLowerCase();
  if ((head.startsWith('<svg') || head.startsWith('<?xml')) && head.includes('<svg'))
    return { ext: 'svg', contentType: CONTENT_TYPES.svg! };
  return null;
}

export interface Storage {
  /** Saves the bytes under a new key of this kind and answers the key. */
  save(kind: string, content: Buffer, image: ImageKind): Promise<string>;
  /** The file of a key, or null when the key is malformed or the file is gone. */
  open(key: string): Promise<{ stream: ReadStream; contentType: string; size: number } | null>;
  remove(key: string | null | undefined): Promise<void>;
}

export function createStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    async save(kind, content, image) {
      if (!/^[a-z][a-z0-9-]{0,30}$/.test(kind)) throw new Error(`bad storage kind ${kind}`);
      const key = `${kind}/${randomBytes(12).toString('hex')}.${image.ext}`;
      await mkdir(path.join(root, kind), { recursive: true });
      await writeFile(fileOf(key), content, { mode: 0o640 });
      return key;
    },
    async open(key) {
      const m = KEY_RE.exec(key);
      if (!m) return null;
      try {
        const info = await stat(fileOf(key));
        return { stream: createReadStream(fileOf(key)), contentType: CONTENT_TYPES[m[3]!]!, size: info.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      if (!key || !KEY_RE.test(key)) return;
      await rm(fileOf(key), { force: true });
    },
  };
}

/** The public address of a stored file. */
export function uploadUrl(key: string | null | undefined): string | null {
  return key ? `/v2/api/uploads/${key}` : null;
}
