import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { createSecretBox } from '../../platform/secrets';
import {
  applyCredentials,
  environmentValues,
  keyOf,
  SERVICE_CREDENTIALS,
  URL_CREDENTIALS,
  type CredentialKey,
} from './catalogue';
import {
  credentialEvents,
  deleteCredential,
  insertCredential,
  storedCredentials,
  updateCredential,
} from './repository';

const NO_SUCH_CREDENTIAL = 'No such service credential';

type CredentialInput = { provider: string; name: string; value: string };

/** The last four characters, the only part of a value ever shown again. */
export const lastFourOf = (value: string) => value.slice(-4);

/**
 * The server's view of the platform credentials: what the environment gave at start, and the stored
 * values (opened with the secrets key) laid under it in the running settings.
 */
export function createCredentialStore(db: Db, config: Config, log: FastifyBaseLogger) {
  const fromEnv = environmentValues(config);
  const generatedMetaSecret = config.meta.appSecret;
  const box = createSecretBox(config.secrets);

  async function reload(): Promise<void> {
    const stored = new Map<CredentialKey, string>();
    for (const row of await storedCredentials(db)) {
      try {
        stored.set(keyOf(row), box.open(row.sealed));
      } catch (error) {
        // A value sealed with a key the server no longer has: said once per load, and left out.
        log.warn({ err: error, credential: keyOf(row) }, 'a stored service credential cannot be opened');
      }
    }
    applyCredentials(config, fromEnv, stored, generatedMetaSecret);
  }

  async function list() {
    const rows = new Map((await storedCredentials(db)).map((r) => [keyOf(r), r]));
    return {
      data: SERVICE_CREDENTIALS.map((c) => {
        const row = rows.get(keyOf(c));
        const env = fromEnv[keyOf(c)];
        return {
          provider: c.provider,
          name: c.name,
          label: c.label,
          env_var: c.env,
          // The environment wins: a stored value is kept but not used while the variable is set.
          source: env !== undefined ? ('environment' as const) : row ? ('stored' as const) : ('none' as const),
          stored: row !== undefined,
          last_four: row ? row.lastFour : env !== undefined ? lastFourOf(env) : null,
          updated_at: row ? row.updatedAt.toISOString() : null,
        };
      }),
      events: (await credentialEvents(db, 50)).map((e) => ({
        provider: e.provider,
        name: e.name,
        action: e.action,
        last_four: e.lastFour,
        at: e.at.toISOString(),
        by: e.by,
      })),
    };
  }

  function known(provider: string, name: string): void {
    if (!SERVICE_CREDENTIALS.some((c) => c.provider === provider && c.name === name))
      throw notFound(NO_SUCH_CREDENTIAL);
  }

  function sealed(provider: string, name: string, value: string) {
    const key = keyOf({ provider, name });
    if (URL_CREDENTIALS.has(key) && !URL.canParse(value)) throw badRequest(`${key} must be an http(s) address`);
    return { sealed: box.seal(value), lastFour: lastFourOf(value) };
  }

  return {
    reload,
    list,
    async create({ provider, name, value }: CredentialInput, userId: number) {
      known(provider, name);
      const made = await insertCredential(db, { provider, name, ...sealed(provider, name, value), userId });
      if (!made) throw conflict('This service credential is set already: update it instead');
      await reload();
    },
    async update({ provider, name, value }: CredentialInput, userId: number) {
      known(provider, name);
      const changed = await updateCredential(db, { provider, name, ...sealed(provider, name, value), userId });
      if (!changed) throw notFound(NO_SUCH_CREDENTIAL);
      await reload();
    },
    async remove(input: { provider: string; name: string }, userId: number) {
      known(input.provider, input.name);
      if (!(await deleteCredential(db, input.provider, input.name, userId))) throw notFound(NO_SUCH_CREDENTIAL);
      await reload();
    },
  };
}
