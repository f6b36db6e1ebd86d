import type { z } from 'zod';

/** The parts of a zod (v4) schema's definition this walk reads. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  in?: z.ZodType;
  out?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas directly inside one. */
function children(def: Def): z.ZodType[] {
  return [
    ...Object.values(def.shape ?? {}),
    ...(def.options ?? []),
    ...(def.items ?? []),
    ...[def.element, def.innerType, def.left, def.right, def.valueType, def.rest, def.in, def.out].filter(
      (s): s is z.ZodType => Boolean(s),
    ),
  ];
}

/** Whether a transform (a one-way function, as in idSchema) sits anywhere inside the schema. */
function hasTransform(schema: z.ZodType, seen = new Set<z.ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = defOf(schema);
  return def.type === 'transform' || children(def).some((child) => hasTransform(child, seen));
}

/**
 * Refuses a route whose response schema holds a transform: answers are encoded through their
 * schema, and zod cannot run a one-way transform backwards, so such an answer fails with a 500 as
 * soon as the transformed part has a value (a rule's templateIds did, once one was chosen). Input
 * schemas such as idSchema belong in bodies and queries; answers describe plain values.
 */
export function requireEncodableResponses(method: string, url: string, response: unknown): void {
  for (const [status, schema] of Object.entries((response ?? {}) as Record<string, unknown>)) {
    const zod = schema as z.ZodType;
    if (zod && typeof zod === 'object' && '_zod' in zod && hasTransform(zod))
      throw new Error(
        `Route ${method} ${url}: its ${status} response schema holds a transform, which answers cannot be encoded through (describe the answer with plain types)`,
      );
  }
}
