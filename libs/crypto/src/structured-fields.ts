/**
 * The part of RFC 8941 (Structured Field Values) that HTTP Message Signatures need: parsing the
 * Dictionaries `Signature-Input` and `Signature` (and `Content-Digest`), whose members are Inner
 * Lists or Items with Parameters, and serializing an Inner List of strings with Parameters.
 * Strict (RFC 8941 §4.2): anything malformed throws, and the caller treats the field as invalid.
 *
 * Written here rather than taken from `structured-headers` (2.1.0): that package is ESM-first with
 * a CommonJS build but declares no `types`/`main` this repository's `moduleResolution: node` can
 * see, and this subset is small.
 */

/** An RFC 8941 Token (a bare word such as `jwks_uri`), kept apart from a String. */
export class SfToken {
  constructor(readonly value: string) {}
}

export type SfBareItem = number | string | boolean | Uint8Array | SfToken;
export type SfParameters = Map<string, SfBareItem>;

export interface SfItem {
  readonly value: SfBareItem;
  readonly params: SfParameters;
}

export interface SfInnerList {
  readonly items: SfItem[];
  readonly params: SfParameters;
}

export type SfMember = SfItem | SfInnerList;

export function isInnerList(member: SfMember): member is SfInnerList {
  return 'items' in member;
}

class Parser {
  private pos = 0;

  constructor(private readonly input: string) {}

  dictionary(): Map<string, SfMember> {
    const out = new Map<string, SfMember>();
    this.skip(' ');
    while (!this.done()) {
      const key = this.key();
      let member: SfMember;
      if (this.peek() === '=') {
        this.pos += 1;
        member = this.peek() === '(' ? this.innerList() : this.item();
      } else {
        member = { value: true, params: this.parameters() };
      }
      out.set(key, member);
      this.skipOws();
      if (this.done()) return out;
      this.expect(',');
      this.skipOws();
      if (this.done()) this.fail('a trailing comma');
    }
    return out;
  }

  private innerList(): SfInnerList {
    this.expect('(');
    const items: SfItem[] = [];
    for (;;) {
      this.skip(' ');
      if (this.peek() === ')') {
        this.pos += 1;
        return { items, params: this.parameters() };
      }
      items.push(this.item());
      const next = this.peek();
      if (next !== ' ' && next !== ')') this.fail('an inner list item not followed by a space or )');
    }
  }

  private item(): SfItem {
    return { value: this.bareItem(), params: this.parameters() };
  }

  private parameters(): SfParameters {
    const params: SfParameters = new Map();
    while (this.peek() === ';') {
      this.pos += 1;
      this.skip(' ');
      const key = this.key();
      let value: SfBareItem = true;
      if (this.peek() === '=') {
        this.pos += 1;
        value = this.bareItem();
      }
      params.set(key, value);
    }
    return params;
  }

  private key(): string {
    const match = /^[a-z*][a-z0-9_\-.*]*/.exec(this.input.slice(this.pos));
    if (!match) this.fail('a key');
    this.pos += match[0].length;
    return match[0];
  }

  private bareItem(): SfBareItem {
    const c = this.peek();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    if (c === '"') return this.string();
    if (c === ':') return this.byteSequence();
    if (c === '?') return this.boolean();
    if (c !== undefined && /[A-Za-z*]/.test(c)) return this.token();
    return this.fail('an item');
  }

  private number(): number {
    const match = /^-?[0-9]{1,15}(\.[0-9]{1,3})?/.exec(this.input.slice(this.pos));
    if (!match) return this.fail('a number');
    const [integer] = match[0].split('.');
    if (match[1] !== undefined && integer.replace('-', '').length > 12) this.fail('a decimal');
    this.pos += match[0].length;
    return Number(match[0]);
  }

  private string(): string {
    this.expect('"');
    let out = '';
    for (;;) {
      const c = this.input[this.pos++];
      if (c === undefined) return this.fail('a closing quote');
      if (c === '\\') {
        const next = this.input[this.pos++];
        if (next !== '"' && next !== '\\') return this.fail('an escape');
        out += next;
      } else if (c === '"') {
        return out;
      } else {
        const code = c.charCodeAt(0);
        if (code < 0x20 || code > 0x7e) return this.fail('a printable ASCII character');
        out += c;
      }
    }
  }

  private byteSequence(): Uint8Array {
    this.expect(':');
    const end = this.input.indexOf(':', this.pos);
    if (end < 0) return this.fail('a closing colon');
    const text = this.input.slice(this.pos, end);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return this.fail('base64');
    this.pos = end + 1;
    return new Uint8Array(Buffer.from(text, 'base64'));
  }

  private boolean(): boolean {
    this.expect('?');
    const c = this.input[this.pos++];
    if (c === '1') return true;
    if (c === '0') return false;
    return this.fail('?0 or ?1');
  }

  private token(): SfToken {
    const match = /^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*/.exec(this.input.slice(this.pos));
    if (!match) return this.fail('a token');
    this.pos += match[0].length;
    return new SfToken(match[0]);
  }

  private peek(): string | undefined {
    return this.input[this.pos];
  }

  private done(): boolean {
    return this.pos >= this.input.length;
  }

  private skip(c: string): void {
    while (this.input[this.pos] === c) this.pos += 1;
  }

  private skipOws(): void {
    while (this.input[this.pos] === ' ' || this.input[this.pos] === '\t') this.pos += 1;
  }

  private expect(c: string): void {
    if (this.input[this.pos] !== c) this.fail(JSON.stringify(c));
    this.pos += 1;
  }

  private fail(what: string): never {
    throw new Error(`malformed structured field: expected ${what} at ${this.pos}`);
  }
}

/** Parses an RFC 8941 Dictionary (the field's values joined with ", " when it came as several lines). */
export function parseSfDictionary(input: string): Map<string, SfMember> {
  return new Parser(input.trim()).dictionary();
}

/** An sf-string: only printable ASCII, `"` and `\` escaped. */
export function serializeSfString(value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`not an sf-string: ${JSON.stringify(value)}`);
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

function serializeBareItem(value: SfBareItem): string {
  if (typeof value === 'string') return serializeSfString(value);
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('only integers are serialized here');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? '?1' : '?0';
  if (value instanceof SfToken) return value.value;
  return `:${Buffer.from(value).toString('base64')}:`;
}

export function serializeSfParameters(params: SfParameters): string {
  let out = '';
  for (const [key, value] of params)
    out += value === true ? `;${key}` : `;${key}=${serializeBareItem(value)}`;
  return out;
}

export function serializeSfItem(item: SfItem): string {
  return serializeBareItem(item.value) + serializeSfParameters(item.params);
}

export function serializeSfInnerList(list: SfInnerList): string {
  return `(${list.items.map(serializeSfItem).join(' ')})${serializeSfParameters(list.params)}`;
}
