/**
 * Secrets at rest (page access tokens, API keys of connected services): AES-256-GCM with a random
 * 96-bit IV per value. A stored value reads `v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url parts),
 * where keyId is the first 8 hex digits of SHA-256 of the key, so the key that sealed it is known.
 *
 * The key comes from SECRETS_KEY (32 bytes, base64), or is generated once into DATA_DIR/secrets
 * (mode 0600). To rotate: put a new key in SECRETS_KEY and the old one in SECRETS_OLD_KEYS
 * (comma-separated). New values use the new key, old values still open; `needsReseal` tells which
 * values to rewrite with `reseal`, after which the old key can be dropped.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

export class SecretError extends Error {}

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** Whether the value was sealed with another key than the current one (rewrite it with reseal). */
  needsReseal(sealed: string): boolean;
  reseal(sealed: string): string;
  readonly keyId: string;
}

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

const b64 = (b: Buffer) => b.toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url');

function parts(sealed: string): { keyId: string; iv: Buffer; tag: Buffer; data: Buffer } {
  const [version, keyId, iv, tag, data, extra] = sealed.split(':');
  if (version !== VERSION || !keyId || !iv || !tag || data === undefined || extra !== undefined)
    throw new SecretError('Not a sealed secret');
  return { keyId, iv: unb64(iv), tag: unb64(tag), data: unb64(data) };
}

export function createSecretBox(keys: { key: Buffer; oldKeys?: Buffer[] }): SecretBox {
  for (const k of [keys.key, ...(keys.oldKeys ?? [])])
    if (k.length !== 32) throw new SecretError('A secrets key must be 32 bytes');
  const current = keyIdOf(keys.key);
  const byId = new Map([...(keys.oldKeys ?? []), keys.key].map((k) => [keyIdOf(k), k] as const));

  function seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', keys.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, current, b64(iv), b64(cipher.getAuthTag()), b64(data)].join(':');
  }

  function open(sealed: string): string {
    const p = parts(sealed);
    const key = byId.get(p.keyId);
    if (!key) throw new SecretError(`No key ${p.keyId} to open this secret (was it dropped from SECRETS_OLD_KEYS?)`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, p.iv);
      decipher.setAuthTag(p.tag);
      return Buffer.concat([decipher.update(p.data), decipher.final()]).toString('utf8');
    } catch {
      // GCM's tag check: a changed byte anywhere, or the wrong key.
      throw new SecretError('The secret was altered or sealed with another key');
    }
  }

  return {
    keyId: current,
    seal,
    open,
    needsReseal: (sealed) => parts(sealed).keyId !== current,
    reseal: (sealed) => seal(open(sealed)),
  };
}

/** Whether a stored text is a sealed value (older rows may still hold plain tokens). */
export function isSealed(text: string): boolean {
  return text.startsWith(`${VERSION}:`) && text.split(':').length === 5;
}
