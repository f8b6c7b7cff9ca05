import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
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

/**
 * The JSON log lines of one component (`countries`, `catalog-subgraph`, `gateway`…) in what npm
 * start printed, in either mode: `[<name>] {…}` when it runs in its own process (services mode),
 * `[platform] {…, "service": "<name>", …}` when the platform process runs it (single mode).
 */
export function componentLogLines(output: string, name: string): string[] {
  const own = `[${name}] `;
  const lines: string[] = [];
  for (const line of output.split('\n')) {
    if (line.startsWith(own)) lines.push(line.slice(own.length));
    else if (line.startsWith('[platform] {')) {
      const json = line.slice('[platform] '.length);
      try {
        if ((JSON.parse(json) as { service?: unknown }).service === name) lines.push(json);
      } catch {
        // Not a JSON log line (npm start's own messages are `[platform] ` too).
      }
    }
  }
  return lines;
}

/** A process on this host, as /proc shows it; `startTicks` tells it apart from a later one with its pid. */
export interface HostProcess {
  readonly pid: number;
  readonly ppid: number;
  readonly startTicks: string;
  readonly cmdline: string;
}

function readProcess(pid: number): HostProcess | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses: state, ppid, …; starttime is field 22 of the whole line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { pid, ppid: Number(fields[1]), startTicks: fields[19], cmdline };
  } catch {
    return undefined; // gone meanwhile
  }
}

function hostProcesses(): HostProcess[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map((n) => readProcess(Number(n)))
    .filter((p): p is HostProcess => p !== undefined);
}

/** Every process whose parent chain reaches `pid` (its children, theirs, …). */
export function descendantsOf(pid: number): HostProcess[] {
  const all = hostProcesses();
  const found: HostProcess[] = [];
  let parents = new Set([pid]);
  while (parents.size > 0) {
    const next = all.filter((p) => parents.has(p.ppid));
    found.push(...next);
    parents = new Set(next.map((p) => p.pid));
  }
  return found;
}

/** The ones of `processes` still running (same pid, same start time: not a later process reusing the pid). */
export function stillRunning(processes: readonly HostProcess[]): HostProcess[] {
  return processes.filter((p) => {
    const now = readProcess(p.pid);
    return now !== undefined && now.startTicks === p.startTicks;
  });
}

/** The child of npm start running the single platform process (single mode), if one runs now. */
export function platformProcessOf(npmStart: ChildProcess): HostProcess | undefined {
  return descendantsOf(npmStart.pid as number).find(
    (p) => p.ppid === npmStart.pid && p.cmdline.includes(PLATFORM_PROCESS_ENTRY),
  );
}

/** The single platform process's entry, as npm start runs it (scripts/build-platform.js PLATFORM_ENTRY). */
export const PLATFORM_PROCESS_ENTRY = join(ROOT, 'dist/platform/apps/platform/src/main.js');

/** One request of a load run: when it left relative to the signal, and how it ended. */
export interface LoadOutcome {
  readonly path: string;
  /** Written to the socket before the signal was sent to npm start. */
  readonly sentBeforeSignal: boolean;
  /** Its answer (or error) came after the signal was sent. */
  readonly endedAfterSignal: boolean;
  /** The status of a complete answer (headers and the whole body). */
  readonly status?: number;
  /** Why there was no complete answer: the socket error's code, or `incomplete` (body cut short). */
  readonly error?: string;
}

/** What happened when npm start got a signal under load. */
export interface ShutdownUnderLoad {
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  readonly outcomes: readonly LoadOutcome[];
  /** npm start's descendants (services, workers, the platform process, hosted apps) at the signal… */
  readonly processesAtSignal: readonly HostProcess[];
  /** …and those of them still running once npm start exited. */
  readonly leftBehind: readonly HostProcess[];
}

/** One GET on `agent` (keep-alive): its status once the whole body arrived, or why it did not. */
function loadRequest(
  baseUrl: string,
  path: string,
  agent: Agent,
  signalled: () => boolean,
): Promise<LoadOutcome> {
  return new Promise((resolve) => {
    let sentBeforeSignal = false;
    const done = (end: { status?: number; error?: string }) =>
      resolve({ path, sentBeforeSignal, endedAfterSignal: signalled(), ...end });
    const req = request(`${baseUrl}${path}`, { agent }, (res) => {
      res.resume();
      res.once('end', () => done(res.complete ? { status: res.statusCode } : { error: 'incomplete' }));
      res.once('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }));
    });
    req.once('finish', () => (sentBeforeSignal = !signalled()));
    req.once('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }));
    req.end();
  });
}

/**
 * Keeps `concurrency` GETs of `paths` (in turn) going through the gateway on keep-alive
 * connections, sends `signal` to npm start after `loadMs`, and keeps the load up until npm start
 * has exited; then reports every request and which of npm start's processes are left.
 */
export async function signalUnderLoad(
  started: StartedPlatform,
  {
    signal = 'SIGTERM',
    paths,
    concurrency = 20,
    loadMs = 1500,
  }: { signal?: NodeJS.Signals; paths: readonly string[]; concurrency?: number; loadMs?: number },
): Promise<ShutdownUnderLoad> {
  const npmStart = started.process;
  const exited = new Promise<void>((resolve) => {
    if (npmStart.exitCode !== null || npmStart.signalCode !== null) resolve();
    else npmStart.once('exit', () => resolve());
  });
  let gone = false;
  void exited.then(() => (gone = true));
  let signalled = false;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const outcomes: LoadOutcome[] = [];
  let next = 0;
  const loop = async (): Promise<void> => {
    while (!gone) {
      const path = paths[next++ % paths.length];
      outcomes.push(await loadRequest(started.baseUrl, path, agent, () => signalled));
    }
  };
  try {
    const loops = Array.from({ length: concurrency }, loop);
    await new Promise((resolve) => setTimeout(resolve, loadMs));
    const processesAtSignal = descendantsOf(npmStart.pid as number);
    signalled = true;
    npmStart.kill(signal);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 60_000).unref())]);
    gone = true;
    await Promise.all(loops);
    return {
      exitCode: npmStart.exitCode,
      signalCode: npmStart.signalCode,
      outcomes,
      processesAtSignal,
      leftBehind: stillRunning(processesAtSignal),
    };
  } finally {
    agent.destroy();
  }
}

/**
 * The problems of a load run through a shutdown, as docs/reliability.md "Graceful shutdown" has
 * it: a request sent before the signal is in flight or earlier, so it gets its complete, normal
 * answer (`expected[path]`); one sent after it may also meet the closing listener: Fastify's 503 on
 * a kept-alive connection, a refused connection, or a kept-alive connection closed while idle
 * (reset). Empty when all is well.
 */
export function shutdownProblems(
  run: ShutdownUnderLoad,
  expected: Readonly<Record<string, number>>,
): string[] {
  const problems: string[] = [];
  const count = (what: string, list: readonly LoadOutcome[]) => {
    const byOutcome = new Map<string, number>();
    for (const o of list) {
      const key = `${o.path} → ${o.status ?? o.error}`;
      byOutcome.set(key, (byOutcome.get(key) ?? 0) + 1);
    }
    for (const [key, n] of byOutcome) problems.push(`${what}: ${n} × ${key}`);
  };
  const before = run.outcomes.filter((o) => o.sentBeforeSignal);
  count(
    'sent before the signal, not answered as usual',
    before.filter((o) => o.status !== expected[o.path]),
  );
  count(
    'sent after the signal, answered neither as usual nor as docs/reliability.md says',
    run.outcomes.filter(
      (o) =>
        !o.sentBeforeSignal &&
        o.status !== expected[o.path] &&
        o.status !== 503 &&
        o.error !== 'ECONNREFUSED' &&
        o.error !== 'ECONNRESET',
    ),
  );
  if (!before.some((o) => o.endedAfterSignal))
    problems.push('no request was in flight when the signal was sent: the load proves nothing');
  if (run.exitCode !== 0) problems.push(`npm start exited ${run.exitCode ?? run.signalCode}, not 0`);
  for (const p of run.leftBehind) problems.push(`left running: ${p.pid} ${p.cmdline}`);
  return problems;
}
