/**
 * antd's Table builds a column's filter menu (its `filters` list, or a dropdown of its own) from its
 * FilterDropdown module, which imports Tree, Checkbox, Radio, Empty and the filter search box: every
 * screen with a table loaded them, though no column of ours has a filter (our lists filter on the
 * server, from their filter bars). The build gives the Table this module instead (vite.config.ts,
 * ANTD_IMPORTS_REPLACED), and fails when a column starts using filters (`forbiddenInSource()`), so
 * the replacement is never reached in the app.
 */

interface FilterItem {
  value: unknown;
  children?: FilterItem[];
}

/** antd's own (table/hooks/useFilter/FilterDropdown.js): the values of a filter tree, depth first. */
export function flattenKeys(filters: FilterItem[] | undefined): unknown[] {
  return (filters ?? []).flatMap(({ value, children }) => [value, ...flattenKeys(children)]);
}

export default function FilterDropdown(): never {
  throw new Error('Table column filters are not in this build: see forbiddenInSource() in vite.config.ts');
}
