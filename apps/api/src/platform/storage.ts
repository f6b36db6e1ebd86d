/**
 * Uploaded files (brand logos, offer images, feedback photos): the one way to store them. Files live
 * under `DATA_DIR/uploads/<kind>/<random>.<ext>`, or with STORAGE=s3 as objects `<kind>/<random>.<ext>`
 * of an S3-compatible bucket (AWS S3, MinIO; `@aws-sdk/client-s3`, so several API processes share
 * them). The key `<kind>/<random>.<ext>` is what rows keep and what `GET /v2/api/uploads/<key>` serves
 * back. Names are 24 random hex digits, so a key can be handed out publicly (an <img> cannot send a
 * bearer token) without making files enumerable.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { loadS3 } from './lazyModules';

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

export interface StoredFile {
  stream: Readable;
  contentType: string;
  size: number;
}

export interface Storage {
  /** Saves the bytes under a new key of this kind and answers the key. */
  save(kind: string, content: Buffer, image: ImageKind): Promise<string>;
  /** The file of a key, or null when the key is malformed or the file is gone. */
  open(key: string): Promise<StoredFile | null>;
  /** The whole file of a key (for a PDF, an export), or null like open. */
  read(key: string | null | undefined): Promise<Buffer | null>;
  remove(key: string | null | undefined): Promise<void>;
}

function newKey(kind: string, image: ImageKind): string {
  if (!/^[a-z][a-z0-9-]{0,30}$/.test(kind)) throw new Error(`bad storage kind ${kind}`);
  return `${kind}/${randomBytes(12).toString('hex')}.${image.ext}`;
}

function directoryStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    async save(kind, content, image) {
      const key = newKey(kind, image);
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
    async read(key) {
      if (!key || !KEY_RE.test(key)) return null;
      return await readFile(fileOf(key)).catch(() => null);
    },
    async remove(key) {
      if (!key || !KEY_RE.test(key)) return;
      await rm(fileOf(key), { force: true });
    },
  };
}

type S3Settings = Extract<Config['storage'], { kind: 's3' }>;

/**
 * Objects in an S3-compatible bucket. The SDK (loaded when first used: a server storing files in a
 * directory never loads it) signs every call (SigV4) and retries throttling and 5xx answers (3
 * attempts, with back-off); a refused call (403: bad key, no access) or one still failing throws, so
 * the upload or the page that needed the file fails visibly.
 */
function s3Storage(settings: S3Settings): Storage {
  const sdk = loadS3().then((s3) => ({
    s3,
    client: new s3.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    }),
  }));
  const Bucket = settings.bucket;
  /** The object, or null when missing (S3 answers 404: NoSuchKey). */
  const get = async (key: string): Promise<GetObjectCommandOutput | null> => {
    const { s3, client } = await sdk;
    try {
      return await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
    } catch (err) {
      if (err instanceof s3.S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey'))
        return null;
      throw err;
    }
  };
  return {
    async save(kind, content, image) {
      const key = newKey(kind, image);
      const { s3, client } = await sdk;
      await client.send(
        new s3.PutObjectCommand({
          Bucket,
          Key: key,
          Body: content,
          ContentType: image.contentType,
          ContentLength: content.length,
        }),
      );
      return key;
    },
    async open(key) {
      const m = KEY_RE.exec(key);
      if (!m) return null;
      const object = await get(key);
      if (!object?.Body) return null;
      return { stream: object.Body as Readable, contentType: CONTENT_TYPES[m[3]!]!, size: object.ContentLength ?? 0 };
    },
    async read(key) {
      if (!key || !KEY_RE.test(key)) return null;
      const object = await get(key);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    },
    async remove(key) {
      if (!key || !KEY_RE.test(key)) return;
      const { s3, client } = await sdk;
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  return config.storage.kind === 's3' ? s3Storage(config.storage) : directoryStorage(config.dataDir);
}

/** The public address of a stored file. */
export function uploadUrl(key: string | null | undefined): string | null {
  return key ? `/v2/api/uploads/${key}` : null;
}
