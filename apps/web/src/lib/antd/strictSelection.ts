/**
 * antd's Table selects rows through @rc-component/tree's key utilities (2.5 kB brotli on every screen
 * with a table): `arrAdd` and `arrDel` for a table's own rows, and `conductCheck` and
 * `convertDataToEntities` only to cascade a check through nested rows (a row selection whose strict
 * checking is turned off), which no table of ours does. The build gives the Table's selection hook
 * this module instead (vite.config.ts, ANTD_IMPORTS_REPLACED), and fails when a source names that
 * setting (`forbiddenInSource()`), so the cascade is never reached.
 */

/** antd's own (@rc-component/tree, util.js): the list without the value. */
export function arrDel<T>(list: T[] | undefined, value: T): T[] {
  const clone = (list ?? []).slice();
  const index = clone.indexOf(value);
  if (index >= 0) clone.splice(index, 1);
  return clone;
}

/** antd's own (@rc-component/tree, util.js): the list with the value once. */
export function arrAdd<T>(list: T[] | undefined, value: T): T[] {
  const clone = (list ?? []).slice();
  if (!clone.includes(value)) clone.push(value);
  return clone;
}

function notInThisBuild(): never {
  throw new Error('Cascading row selection is not in this build: see forbiddenInSource() in vite.config.ts');
}

export const conductCheck = notInThisBuild;
export const convertDataToEntities = notInThisBuild;
