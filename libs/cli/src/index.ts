export { CliError, UUID_FORMAT, defineCommand } from './cli-command';
export type { CliCommand, FlagSpec, Flags } from './cli-command';
export { parseArgs, validateFlags } from './parse-args';
export { runCli } from './run-cli';
export type { CliIo } from './run-cli';
