import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { DataDirInUseError, lockFileOf } from './dataDirLock';
import { rowsOf } from './rows';

const root = mkdtempSync(path.join(tmpdir(), 'reputo-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('The embedded database is open in one process at a time', () => {
  it('refuses a second open of the same directory until the first closes, and keeps what was written', async () => {
    const dir = path.join(root, 'same-process');
    const first = await openPglite(dir);
    await first.db.execute(sql`CREATE TABLE kept (n int)`);
    await first.db.execute(sql`INSERT INTO kept VALUES (7)`);
    await expect(openPglite(dir)).rejects.toThrow(DataDirInUseError);
    expect(existsSync(lockFileOf(dir))).toBe(true);
    await first.close();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    const again = await openPglite(dir);
    expect(rowsOf<{ n: number }>(await again.db.execute(sql`SELECT n FROM kept`))).toEqual([{ n: 7 }]);
    await again.close();
  }, 60_000);

  it('refuses a directory another running process holds, and takes over the lock of one that is gone', async () => {
    const dir = path.join(root, 'other-process');
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFileOf(dir), `${other.pid}\n`);
      await expect(openPglite(dir)).rejects.toThrow(`is in use by another Reputo process (pid ${other.pid})`);
    } finally {
      const exited = new Promise((resolve) => other.once('exit', resolve));
      other.kill('SIGKILL');
      await exited;
    }
    // Its process is gone (a crash): the lock is stale, and the open takes it.
    const db = await openPglite(dir);
    expect(rowsOf<{ one: number }>(await db.db.execute(sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
    await db.close();
  }, 60_000);
});
