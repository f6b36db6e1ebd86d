import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'reputo-config-'));

describe('Configuration', () => {
  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must start with postgres:\/\//,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: must be at least 32 characters/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    // A read replica replicates a PostgreSQL primary: the embedded database has none.
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_REPLICA_URL: 'postgres://replica/db' })).toThrow(
      /DATABASE_REPLICA_URL needs DATABASE_URL/,
    );
  });

  it('defaults to embedded demo mode and turns demo off with a PostgreSQL server', () => {
    const embedded = loadConfig({ DATA_DIR: dataDir() });
    expect(embedded).toMatchObject({
      port: 3000,
      demoMode: true,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      accessTokenTtl: 900,
    });
    const server = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h/db' });
    expect(server.demoMode).toBe(false);
  });

  it('trusts no proxy unless TRUST_PROXY lists addresses or ranges', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
      '::1',
    ]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('keeps generated secrets in DATA_DIR so sessions survive a restart', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(loadConfig({ DATA_DIR: dir }).jwtSecret);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'k'.repeat(32) }).jwtSecret).toBe('k'.repeat(32));
  });
});
