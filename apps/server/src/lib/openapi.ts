/**
 * OpenAPI 3.0 admits null for a `nullable: true` schema with an `enum` only when null is one of the
 * enum's values (3.0.3, "nullable"); the zod conversion writes `nullable: true` beside an enum without
 * it, so a validator or a generated client refuses the nulls the server documents and sends (the
 * contract fuzzer found it on an employee's `employmentType`). This adds null to every such enum.
 */
export function nullableEnums<T>(document: T): T {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...o.enum, null];
    for (const value of Object.values(o)) walk(value);
  };
  walk(document);
  return document;
}
