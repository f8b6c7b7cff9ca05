import { TRUNCATION_MARK } from '../runtime/log-lines';

/**
 * Values shorter than this are not redacted: a secret of 1 to 3 characters ("1", "yes") would
 * turn every such word of every log line into a mark, and says little on its own.
 */
export const MIN_REDACTED_SECRET_LENGTH = 4;

/** What replaces a secret's value in a log line. */
export const secretMark = (name: string): string => `[secret:${name}]`;

export interface NamedSecret {
  readonly name: string;
  readonly value: string;
}

/** A mark as secretMark writes it (secret names hold no `]` and no white space). */
const MARK_PATTERN = String.raw`\[secret:[A-Za-z][A-Za-z0-9/_+=.@-]*\]`;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The strings a value can appear as in one log line: the value itself, each of its lines (a
 * multi-line value, such as a PEM key, never appears whole in one line) and its JSON-escaped form
 * (a value holding quotes, backslashes or control characters logged inside a JSON line).
 */
function formsOf(value: string): string[] {
  const forms = [value];
  if (/[\r\n]/.test(value)) forms.push(...value.split(/\r?\n|\r/).map((line) => line.trim()));
  const json = JSON.stringify(value).slice(1, -1);
  if (json !== value) forms.push(json);
  return forms.filter((form) => form.length >= MIN_REDACTED_SECRET_LENGTH);
}

/**
 * Replaces every value of a secret set in a log line by `[secret:NAME]` (docs/hosting.md, "Secrets
 * in logs"). One RegExp per set: the escaped values as alternatives, longest first, so a value that
 * contains another is replaced whole; one pass over the line whatever the number of secrets.
 *
 * Works on whole lines (the drivers and the builder split their streams into lines first, so a
 * value written in two chunks is one line here). A line the splitter cut at its length limit
 * (ending with TRUNCATION_MARK) may end with the beginning of a value whose rest was dropped:
 * that beginning (at least MIN_REDACTED_SECRET_LENGTH characters) is replaced too.
 */
export class SecretRedactor {
  static readonly NONE = new SecretRedactor(new Map());

  private readonly pattern: RegExp | null;
  /** Longest first, for the tail of a cut line. */
  private readonly forms: readonly string[];

  private constructor(private readonly names: ReadonlyMap<string, string>) {
    this.forms = [...names.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
    // A mark already in the line (a stored line redacted again when served) is kept as it is.
    this.pattern =
      this.forms.length > 0
        ? new RegExp([MARK_PATTERN, ...this.forms.map(escapeRegExp)].join('|'), 'g')
        : null;
  }

  /** A redactor of these secrets; when two names hold one value, the first name in order names it. */
  static of(secrets: Iterable<NamedSecret>): SecretRedactor {
    const names = new Map<string, string>();
    const sorted = [...secrets].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const { name, value } of sorted)
      for (const form of formsOf(value)) if (!names.has(form)) names.set(form, name);
    return names.size === 0 ? SecretRedactor.NONE : new SecretRedactor(names);
  }

  /** How many strings it replaces (0: it returns every line as it is). */
  get size(): number {
    return this.forms.length;
  }

  redact(line: string): string {
    if (this.pattern === null) return line;
    const redacted = line.replace(this.pattern, (form) => {
      const name = this.names.get(form);
      return name === undefined ? form : secretMark(name);
    });
    return redacted.endsWith(TRUNCATION_MARK) ? this.redactCutTail(redacted) : redacted;
  }

  /** A cut line's text ending with the first characters of a value: those characters go too (the longest such tail). */
  private redactCutTail(line: string): string {
    const body = line.slice(0, -TRUNCATION_MARK.length);
    let best: { length: number; form: string } | null = null;
    for (const form of this.forms) {
      const longest = Math.min(form.length - 1, body.length);
      for (
        let length = longest;
        length >= MIN_REDACTED_SECRET_LENGTH && length > (best?.length ?? 0);
        length -= 1
      ) {
        if (body.endsWith(form.slice(0, length))) {
          best = { length, form };
          break;
        }
      }
    }
    if (best === null) return line;
    return `${body.slice(0, -best.length)}${secretMark(this.names.get(best.form) ?? '?')}${TRUNCATION_MARK}`;
  }
}
