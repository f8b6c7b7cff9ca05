import { SubgraphErrors } from '@platform/graphql-subgraph';

/** Longest `queryFilter` accepted, and the most comparisons in one. */
export const MAX_QUERY_FILTER_LENGTH = 1000;
const MAX_TERMS = 20;

/** The record columns a `queryFilter` may name (the public graph's: label and code). */
const COLUMNS: Readonly<Record<string, string>> = { label: 'label', code: 'code' };
const OPERATORS: Readonly<Record<string, string>> = {
  eq: '=',
  ne: 'IS DISTINCT FROM',
  lt: '<',
  gt: '>',
};

type Token = { kind: 'word' | 'string' | '(' | ')' | ','; text: string };

/** A `queryFilter` as SQL on the alias, with its parameters (named `qf0`, `qf1`, …). */
export interface QueryFilterSql {
  readonly where: string;
  readonly parameters: Record<string, string>;
}

function invalid(message: string): Error {
  return SubgraphErrors.badField(['queryFilter'], 'INVALID_VALUE', `queryFilter: ${message}`);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) i += 1;
    else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: c, text: c });
      i += 1;
    } else if (c === "'") {
      // OData strings: single quotes, a quote inside doubled ('').
      let value = '';
      i += 1;
      for (;;) {
        if (i >= text.length) throw invalid('unterminated string');
        if (text[i] === "'" && text[i + 1] === "'") {
          value += "'";
          i += 2;
        } else if (text[i] === "'") {
          i += 1;
          break;
        } else value += text[i++];
      }
      tokens.push({ kind: 'string', text: value });
    } else {
      const word = /^[A-Za-z_]+/.exec(text.slice(i));
      if (!word) throw invalid(`unexpected "${c}"`);
      tokens.push({ kind: 'word', text: word[0] });
      i += word[0].length;
    }
  }
  return tokens;
}

/**
 * The documented subset of the public graph's OData `queryFilter` on SKUs: comparisons
 * `<column> eq|ne|lt|gt '<text>'` and `contains(<column>, '<text>')` (case-sensitive) over the
 * columns `label` and `code`, joined by `and` / `or` (and binds tighter) and grouped by parentheses.
 * Anything else is INVALID_VALUE.
 */
export function queryFilterSql(text: string, alias: string): QueryFilterSql {
  if (text.length > MAX_QUERY_FILTER_LENGTH) throw invalid(`at most ${MAX_QUERY_FILTER_LENGTH} characters`);
  const tokens = tokenize(text);
  const parameters: Record<string, string> = {};
  let pos = 0;
  const peek = () => tokens[pos];
  const next = (kind: Token['kind'], what: string): Token => {
    const token = tokens[pos];
    if (!token || token.kind !== kind) throw invalid(`expected ${what}`);
    pos += 1;
    return token;
  };
  const keyword = (word: string) => {
    const token = peek();
    if (token?.kind === 'word' && token.text.toLowerCase() === word) {
      pos += 1;
      return true;
    }
    return false;
  };
  const column = (): string => {
    const name = next('word', 'a column (label, code)').text;
    const col = COLUMNS[name];
    if (!col) throw invalid(`unknown column "${name}" (label, code)`);
    return `${alias}.${col}`;
  };
  const param = (value: string): string => {
    const name = `qf${Object.keys(parameters).length}`;
    if (Object.keys(parameters).length >= MAX_TERMS) throw invalid(`at most ${MAX_TERMS} comparisons`);
    parameters[name] = value;
    return `:${name}`;
  };
  const term = (): string => {
    if (peek()?.kind === '(') {
      pos += 1;
      const inner = or();
      next(')', '")"');
      return `(${inner})`;
    }
    if (keyword('contains')) {
      next('(', '"(" after contains');
      const col = column();
      next(',', '","');
      const value = next('string', 'a quoted string').text.replace(/[\\%_]/g, (c) => `\\${c}`);
      next(')', '")"');
      return `${col} LIKE ${param(`%${value}%`)}`;
    }
    const col = column();
    const op = OPERATORS[next('word', 'an operator (eq, ne, lt, gt)').text.toLowerCase()];
    if (!op) throw invalid('operators are eq, ne, lt, gt');
    return `${col} ${op} ${param(next('string', 'a quoted string').text)}`;
  };
  const and = (): string => {
    const parts = [term()];
    while (keyword('and')) parts.push(term());
    return parts.join(' AND ');
  };
  const or = (): string => {
    const parts = [and()];
    while (keyword('or')) parts.push(and());
    return parts.length > 1 ? parts.map((p) => `(${p})`).join(' OR ') : parts[0];
  };
  if (tokens.length === 0) throw invalid('empty');
  const where = or();
  if (pos < tokens.length) throw invalid(`unexpected "${tokens[pos].text}"`);
  return { where: `(${where})`, parameters };
}
