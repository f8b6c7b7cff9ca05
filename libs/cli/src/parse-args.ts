import { CliError, FlagSpec } from './cli-command';

export interface ParsedArgs {
  readonly positional: string[];
  readonly flags: Record<string, string>;
}

/**
 * `noun verb --flag value --other=value`. Written here because the grammar is this small and
 * node:util.parseArgs would need every flag declared before the command is known.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new CliError('INVALID_FLAG', `invalid flag ${arg}`);
    let value: string;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--'))
        throw new CliError('MISSING_FLAG_VALUE', `flag --${name} needs a value`);
      value = next;
      i++;
    }
    if (name in flags) throw new CliError('DUPLICATE_FLAG', `flag --${name} given twice`);
    flags[name] = value;
  }
  return { positional, flags };
}

/** Checks flags against a command's specs: unknown, missing and badly formatted flags are errors. */
export function validateFlags(
  specs: Record<string, FlagSpec>,
  flags: Record<string, string>,
): Record<string, string | undefined> {
  for (const name of Object.keys(flags)) {
    if (!(name in specs)) {
      throw new CliError(
        'UNKNOWN_FLAG',
        `unknown flag --${name}; expected ${
          Object.keys(specs)
            .map((f) => `--${f}`)
            .join(', ') || 'none'
        }`,
      );
    }
  }
  const out: Record<string, string | undefined> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const value = flags[name];
    if (value === undefined) {
      if (spec.required)
        throw new CliError('MISSING_FLAG', `missing required flag --${name} (${spec.description})`);
      out[name] = undefined;
      continue;
    }
    if (spec.format && !spec.format.pattern.test(value)) {
      throw new CliError('INVALID_FLAG_VALUE', `--${name} must be ${spec.format.name}`);
    }
    out[name] = value;
  }
  return out;
}
