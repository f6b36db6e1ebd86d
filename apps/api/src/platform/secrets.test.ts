import { mkdtempSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createSecretBox, isSealed, keyIdOf, SecretError } from './secrets';

const key = () => randomBytes(32);

describe('Secrets at rest', () => {
  it('seals with AES-256-GCM under the key id and opens again', () => {
    const k = key();
    const box = createSecretBox({ key: k });
    const sealed = box.seal('EAAG-page-token');
    expect(sealed).toMatch(new RegExp(`^v1:${keyIdOf(k)}:[\\w-]+:[\\w-]+:[\\w-]+$`));
    expect(sealed).not.toContain('EAAG');
    expect(isSealed(sealed)).toBe(true);
    expect(box.open(sealed)).toBe('EAAG-page-token');
    // A fresh IV each time: equal secrets do not look equal at rest.
    expect(box.seal('EAAG-page-token')).not.toBe(sealed);
  });

  it('refuses a tampered value, a wrong key and a malformed one', () => {
    const box = createSecretBox({ key: key() });
    const sealed = box.seal('secret');
    const [v, id, iv, tag, data] = sealed.split(':') as [string, string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, id, iv, tag, flipped.toString('base64url')].join(':'))).toThrow(SecretError);
    expect(() => box.open([v, id, iv, Buffer.alloc(16).toString('base64url'), data].join(':'))).toThrow(/altered/);
    expect(() => createSecretBox({ key: key() }).open(sealed)).toThrow(/No key/);
    expect(() => box.open('plain-token')).toThrow(/Not a sealed secret/);
  });

  it('rotates: old key ids still open, reseal moves them to the new key', () => {
    const oldKey = key();
    const before = createSecretBox({ key: oldKey });
    const sealedOld = before.seal('token-1');
    const after = createSecretBox({ key: key(), oldKeys: [oldKey] });
    expect(after.open(sealedOld)).toBe('token-1');
    expect(after.needsReseal(sealedOld)).toBe(true);
    const resealed = after.reseal(sealedOld);
    expect(after.needsReseal(resealed)).toBe(false);
    expect(after.open(resealed)).toBe('token-1');
    expect(() => before.open(resealed)).toThrow(/No key/);
  });

  it('takes SECRETS_KEY from the environment or generates one into DATA_DIR/secrets (0600)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reputo-secrets-'));
    const generated = loadConfig({ DATA_DIR: dir }).secrets.key;
    expect(generated.length).toBe(32);
    expect(loadConfig({ DATA_DIR: dir }).secrets.key.equals(generated)).toBe(true);
    expect(statSync(path.join(dir, 'secrets', 'secrets-key')).mode & 0o777).toBe(0o600);
    const given = randomBytes(32);
    const old = randomBytes(32);
    const config = loadConfig({
      DATA_DIR: dir,
      SECRETS_KEY: given.toString('base64'),
      SECRETS_OLD_KEYS: `${old.toString('base64')}, ${generated.toString('base64')}`,
    });
    expect(config.secrets.key.equals(given)).toBe(true);
    expect(config.secrets.oldKeys.map((k) => k.toString('hex'))).toEqual([
      old.toString('hex'),
      generated.toString('hex'),
    ]);
    expect(() => loadConfig({ DATA_DIR: dir, SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY: must be 32 bytes/);
  });
});
