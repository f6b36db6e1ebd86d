import crypto from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** Read at call time (not a named import) so a test can watch the derivations that happen. */
function scryptAsync(password: string, salt: Buffer, keyLength: number, opts: typeof PARAMS): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(password, salt, keyLength, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function formatHash(params: typeof PARAMS, salt: Buffer, key: Buffer): string {
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Checked when there is no hash to check (unknown email, invited user without a password): the same
 * parameters and key length as a real hash, so such a sign-in costs the same time as a real one and
 * timing does not tell which emails exist. No password derives to its key of zeros.
 */
const DUMMY_HASH = formatHash(PARAMS, Buffer.alloc(16, 7), Buffer.alloc(KEY_LENGTH));

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  return formatHash(PARAMS, salt, await scryptAsync(password, salt, KEY_LENGTH, PARAMS));
}

function parseHash(stored: string | null | undefined): { params: typeof PARAMS; salt: Buffer; key: Buffer } | null {
  const [kind, n, r, p, saltText, hashText] = (stored ?? '').split('$');
  if (kind !== 'scrypt' || !saltText || !hashText) return null;
  return {
    params: { N: Number(n), r: Number(r), p: Number(p) },
    salt: Buffer.from(saltText, 'base64url'),
    key: Buffer.from(hashText, 'base64url'),
  };
}

/** Does the same scrypt work whether or not there is a hash; without one the answer is false. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parseHash(stored);
  const { params, salt, key: expected } = parsed ?? parseHash(DUMMY_HASH)!;
  const key = await scryptAsync(password, salt, expected.length, params);
  return parsed !== null && crypto.timingSafeEqual(key, expected);
}
