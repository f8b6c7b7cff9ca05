import { CliCommand, CliError } from './cli-command';
import { parseArgs, validateFlags } from './parse-args';

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
    return { code: e.code, message: e instanceof Error ? e.message : String(e) };
  }
  return { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}

/**
 * Runs one command: prints exactly one JSON object on stdout and resolves 0, or prints
 * `{"error": {"code", "message"}}` and resolves 1 (ARCHITECTURE.md contract 5).
 */
export async function runCli<C>(
  commands: readonly CliCommand<never, C>[],
  argv: readonly string[],
  openContext: () => Promise<{ context: C; close(): Promise<void> }>,
  io: CliIo = processIo,
): Promise<number> {
  let close: (() => Promise<void>) | undefined;
  try {
    const { positional, flags } = parseArgs(argv);
    const [noun, verb, ...extra] = positional;
    const usage = commands.map((c) => `${c.noun} ${c.verb}`).join(', ');
    if (!noun || !verb)
      throw new CliError('USAGE', `usage: <noun> <verb> [--flag value]; commands: ${usage}`);
    if (extra.length) throw new CliError('USAGE', `unexpected argument ${extra[0]}`);
    const command = commands.find((c) => c.noun === noun && c.verb === verb);
    if (!command)
      throw new CliError('UNKNOWN_COMMAND', `unknown command "${noun} ${verb}"; commands: ${usage}`);
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
