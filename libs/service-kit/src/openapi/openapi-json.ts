/** JSON values as the OpenAPI documents hold them. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isJsonObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** OpenAPI 3.0's `nullable: true` becomes a 3.1 (JSON Schema 2020-12) type union, recursively. */
export function toJsonSchema2020(value: Json): Json {
  if (Array.isArray(value)) return value.map(toJsonSchema2020);
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value))
    if (key !== 'nullable') out[key] = toJsonSchema2020(child);
  if (value.nullable !== true) return out;
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}

/** JSON with object keys sorted at every level and a final newline: byte-stable across runs. */
export function toStableJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (typeof v !== 'object' || v === null) return v;
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
    );
  };
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}
