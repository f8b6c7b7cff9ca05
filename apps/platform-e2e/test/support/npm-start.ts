import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { waitFor } from '@platform/testing';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** `npm start` (scripts/start.js) running for a suite, once it printed "platform ready at <url>". */
export interface StartedPlatform {
  readonly process: ChildProcess;
  /** The gateway's URL, as the ready line printed it. */
  readonly baseUrl: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /**
   * SIGTERM, so npm start stops its services too (SIGKILL would orphan them), then SIGKILL after
   * 30 s; nothing when it already exited (a suite's Ctrl-C case stopped it).
   */
  stop(): Promise<void>;
}

/** Starts the platform with `env` and waits (up to 240 s) for its ready line; throws with its output if it exits first. */
export async function startPlatform(env: NodeJS.ProcessEnv): Promise<StartedPlatform> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const ready = await waitFor(
    () => /platform ready at (\S+)/.exec(output)?.[1] ?? (child.exitCode !== null ? 'exited' : undefined),
    { timeoutMs: 240_000, intervalMs: 100, what: 'npm start to print "platform ready at"' },
  ).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  if (ready === 'exited') throw new Error(`npm start exited early:\n${output}`);
  return { process: child, baseUrl: ready, output: () => output, stop };
}
