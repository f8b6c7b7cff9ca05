/**
 * The text a shopping search matches, per record (SKU group or SKU): name, label, code and
 * description, lower-cased. Migration 1797000000500 indexes exactly this expression (trigram GIN,
 * when pg_trgm can be installed), so the two must stay the same text.
 */
export function shoppingTextSql(alias: string): string {
  return `lower(COALESCE(${alias}."name", '') || ' ' || COALESCE(${alias}."label", '') || ' ' || COALESCE(${alias}."code", '') || ' ' || COALESCE(${alias}."data"->>'description', ''))`;
}

/** The words of a free-text query (lower-cased, at most 8), each to be found somewhere. */
export function queryWords(query: string | undefined): string[] {
  const words = (query ?? '')
    .toLowerCase()
    .split(/\s+/u)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, 8);
}

/** `%word%` for LIKE, with the pattern characters of the word escaped (backslash is the default escape). */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
