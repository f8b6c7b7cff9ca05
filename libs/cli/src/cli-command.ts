import { UUID_PATTERN } from '@platform/ids';

/** A flag of a command: `--name value`. */
export interface FlagSpec {
  readonly required?: boolean;
  readonly description: string;
  /** Pattern the value must match, with a human name of the format for the error. */
  readonly format?: { readonly pattern: RegExp; readonly name: string };
}

export type Flags<F extends Record<string, FlagSpec>> = {
  [K in keyof F]: F[K]['required'] extends true ? string : string | undefined;
};

/** One `<noun> <verb>` of the admin CLI. `run` returns the JSON object printed on success. */
export interface CliCommand<F extends Record<string, FlagSpec> = Record<string, FlagSpec>, C = unknown> {
  readonly noun: string;
  /** One word (`create`), or several separated by one space for a sub-verb (`attribute set`). */
  readonly verb: string;
  readonly flags: F;
  run(context: C, flags: Flags<F>): Promise<object>;
}

/** Keeps flag names typed when declaring a command. */
export function defineCommand<F extends Record<string, FlagSpec>, C>(
  command: CliCommand<F, C>,
): CliCommand<F, C> {
  return command;
}

/** An error the CLI prints as `{"error": {"code", "message"}}`. */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const UUID_FORMAT = {
  pattern: UUID_PATTERN,
  name: 'a uuid',
};
