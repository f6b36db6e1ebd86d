import type { ReviewFilterValues } from '@reputo/core';
import type { ShortLocation } from './api';

/** A node of the location filter's tree (antd TreeSelect data). */
export interface TreeNode {
  title: string;
  value: string;
  key: string;
  children?: TreeNode[];
}

/**
 * brand > region > location from locations/shortinfo; node values are b:id, s:id and l:id. The
 * report filter bars and the review list both build their location filter with it.
 */
export function locationTree(locs: ShortLocation[], names = { brand: 'Brand', region: 'Region' }): TreeNode[] {
  const brands = new Map<number, { node: TreeNode; states: Map<number, TreeNode> }>();
  const loose: TreeNode[] = [];
  for (const l of locs) {
    const leaf = {
      title: l.locationId ? `${l.title} (${l.locationId})` : l.title,
      value: `l:${l.id}`,
      key: `l:${l.id}`,
    };
    if (l.brandId === null) {
      loose.push(leaf);
      continue;
    }
    if (!brands.has(l.brandId))
      brands.set(l.brandId, {
        node: { title: l.brand ?? names.brand, value: `b:${l.brandId}`, key: `b:${l.brandId}`, children: [] },
        states: new Map(),
      });
    const b = brands.get(l.brandId)!;
    if (l.stateId === null) {
      b.node.children!.push(leaf);
      continue;
    }
    if (!b.states.has(l.stateId)) {
      const s: TreeNode = {
        title: l.state ?? names.region,
        value: `s:${l.stateId}`,
        key: `s:${l.stateId}`,
        children: [],
      };
      b.states.set(l.stateId, s);
      b.node.children!.push(s);
    }
    b.states.get(l.stateId)!.children!.push(leaf);
  }
  return [...[...brands.values()].map((b) => b.node), ...loose];
}

/** The tree's ticked values of a filter's brands, regions and locations. */
export function treeValue(f: ReviewFilterValues): string[] {
  return [
    ...(f.brands ?? []).map((id) => `b:${id}`),
    ...(f.states ?? []).map((id) => `s:${id}`),
    ...(f.locations ?? []).map((id) => `l:${id}`),
  ];
}

/** The filter's brands, regions and locations from the tree's ticked values. */
export function fromTree(values: string[]): Pick<ReviewFilterValues, 'brands' | 'states' | 'locations'> {
  const ids = (p: string) => values.filter((v) => v.startsWith(p)).map((v) => Number(v.slice(2)));
  return { brands: ids('b:'), states: ids('s:'), locations: ids('l:') };
}
