import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The file that says which process has an embedded database open (as PostgreSQL's postmaster.pid),
 * beside its directory: DATA_DIR/pglite.pid.
 */
export const lockFileOf = (dir: string) => `${path.resolve(dir)}.pid`;

/** The directories this process holds: a second open here is refused like another process's. */
const held = new Set<string>();

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another Reputo process (pid ${pid}). Stop that process ` +
        `first (two processes writing one embedded database corrupt it), or give this one another DATA_DIR. ` +
        `If no such process runs, delete ${lockFileOf(dir)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(file: string): number {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10) || 0;
  } catch {
    return 0;
  }
}

/**
 * Takes an embedded database directory for this process, or throws DataDirInUseError while another
 * running process (or this one) has it. PGlite has no lock of its own, and a second server, a CLI
 * command or a restart that did not wait for the first to finish closing, writing the same files,
 * corrupted its indexes. A lock left by a process that is gone (a crash, or a container restarted
 * with the same pid) is taken over. Answers the release.
 */
export function lockDataDir(dir: string): () => void {
  const key = path.resolve(dir);
  const file = lockFileOf(key);
  if (held.has(key)) throw new DataDirInUseError(key, process.pid);
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = ownerOf(file);
      if (owner && owner !== process.pid && isRunning(owner)) throw new DataDirInUseError(key, owner);
      rmSync(file, { force: true });
    }
  }
  held.add(key);
  return () => {
    if (!held.delete(key)) return;
    if (ownerOf(file) === process.pid) rmSync(file, { force: true });
  };
}
