import { CliCommand, CliError } from './cli-command';
import { parseArgs, validateFlags } from './parse-args';
import { silenceDevKeyWarning } from '@platform/config';
import { errorMessage } from '@platform/errors';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

const processIo: CliIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
};

/** Anything with a stable code and a message (PlatformError, CliError) keeps them; the rest is INTERNAL. */
function errorBody(e: unknown): { code: string; message: string } {
  if (
    e &&
    typeof e === 'object' &&
    'code' in e &&
    typeof e.code === 'string' &&
    /^[A-Z][A-Z0-9_]*$/.test(e.code)
  ) {
    return { code: e.code, message: errorMessage(e) };
  }
  return { code: 'INTERNAL', message: errorMessage(e) };
}

/**
 * The command whose noun is `noun` and whose verb words start `words`. A verb may be several words
 * (`store attribute set` is noun `store`, verb `attribute set`); the longest match wins, and words
 * left over are the caller's to refuse.
 */
function findCommand<C>(
  commands: readonly CliCommand<never, C>[],
  noun: string,
  words: readonly string[],
): CliCommand<never, C> | undefined {
  let best: CliCommand<never, C> | undefined;
  let bestLength = 0;
  for (const command of commands) {
    if (command.noun !== noun) continue;
    const verb = command.verb.split(' ');
    if (verb.length > words.length || verb.length <= bestLength) continue;
    if (verb.every((w, i) => words[i] === w)) {
      best = command;
      bestLength = verb.length;
    }
  }
  return best;
}

/**
 * Runs one command: prints exactly one JSON object on stdout and resolves 0, or prints
 * `{"error": {"code", "message"}}` and resolves 1 (ARCHITECTURE.md contract 5). Nothing on stderr
 * unless something is wrong: the development-key warning is the services' to give, not every
 * command's.
 */
export async function runCli<C>(
  commands: readonly CliCommand<never, C>[],
  argv: readonly string[],
  openContext: () => Promise<{ context: C; close(): Promise<void> }>,
  io: CliIo = processIo,
): Promise<number> {
  silenceDevKeyWarning();
  let close: (() => Promise<void>) | undefined;
  try {
    const { positional, flags } = parseArgs(argv);
    const [noun, ...words] = positional;
    const usage = commands.map((c) => `${c.noun} ${c.verb}`).join(', ');
    if (!noun || !words.length)
      throw new CliError('USAGE', `usage: <noun> <verb> [--flag value]; commands: ${usage}`);
    const command = findCommand(commands, noun, words);
    if (!command)
      throw new CliError('UNKNOWN_COMMAND', `unknown command "${positional.join(' ')}"; commands: ${usage}`);
    const extra = words.slice(command.verb.split(' ').length);
    if (extra.length) throw new CliError('USAGE', `unexpected argument ${extra[0]}`);
    const values = validateFlags(command.flags, flags);
    const opened = await openContext();
    close = opened.close;
    const result = await command.run(opened.context, values as never);
    io.stdout(JSON.stringify(result) + '\n');
    return 0;
  } catch (e) {
    io.stdout(JSON.stringify({ error: errorBody(e) }) + '\n');
    return 1;
  } finally {
    await close?.().catch(() => undefined);
  }
}
