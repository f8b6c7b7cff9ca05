import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SandboxHost } from './sandbox-host';

const execFileAsync = promisify(execFile);

/** The sandbox's PID 1 (plain JavaScript beside this file, in src/ and dist/ alike). */
const SANDBOX_INIT = path.join(__dirname, 'sandbox-init.js');

/** The port an app listens on inside its sandbox (every sandbox has a network of its own). */
export const SANDBOX_APP_PORT = 8080;

/** What a sandboxed process may read besides its own directory: Node, its libraries, TLS roots, DNS. */
const SANDBOX_READ_ONLY = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc/ssl',
  '/etc/ca-certificates',
  '/etc/resolv.conf',
  '/etc/hosts',
  '/etc/host.conf',
  '/etc/nsswitch.conf',
  '/etc/gai.conf',
  '/etc/localtime',
];

/** Messages of the sandbox's init (see `sandbox-init.js`). */
export interface SandboxMessage {
  type?: 'hello' | 'ready' | 'exit' | 'error';
  code?: number | null;
  signal?: NodeJS.Signals | null;
  message?: string;
}

export interface SandboxCommand {
  /** The directory it works in (cwd, HOME): bound read-write, owned by the sandbox's user. */
  dir: string;
  /** Absolute program path first. */
  argv: string[];
  env: Record<string, string>;
  nice: number;
  /** The Node binary running the init (its directory is readable inside, for the app's `node`). */
  nodePath: string;
  tmpSizeMb: number;
}

/**
 * Spawns a sandbox: `unshare` with fresh network, PID, mount, IPC and UTS namespaces running the
 * init with an empty environment, its own process group (signal `-pid` reaches everything in it)
 * and an IPC channel, the only link to it. Its stdout and stderr are the command's.
 */
export function spawnSandbox(host: SandboxHost, nodePath: string): ChildProcess {
  return spawn(
    host.tool('unshare'),
    [
      '--net',
      '--pid',
      '--mount',
      '--ipc',
      '--uts',
      '--fork',
      '--kill-child',
      '--mount-proc',
      nodePath,
      SANDBOX_INIT,
    ],
    { env: {}, detached: true, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'json' },
  );
}

/**
 * The worker's part once the init said hello from inside its namespaces: the command's directory
 * to the sandbox's user, its veth (internet egress), its root's mount point, then the start
 * message; for a server (`server` given) the listening socket goes with it, and this process
 * stops listening on it once sent (it never accepts: nothing knows the port yet). The mount point
 * is removed once `closed` resolves.
 */
export async function startSandbox(
  child: ChildProcess,
  host: SandboxHost,
  command: SandboxCommand,
  closed: Promise<void>,
  server?: net.Server,
): Promise<void> {
  if (child.pid === undefined) throw new Error('the sandbox has no process');
  const { uid, gid } = host.options;
  // Its directory is the one place the command may write.
  await execFileAsync('chown', ['-R', `${uid}:${gid}`, command.dir]);
  const link = await host.createLink(child.pid);
  const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'dp-sandbox-'));
  void closed.then(() => fs.promises.rmdir(root).catch(() => undefined));
  const config = {
    mode: server ? 'serve' : 'run',
    root,
    appDir: command.dir,
    port: SANDBOX_APP_PORT,
    uid,
    gid,
    nice: command.nice,
    argv: command.argv,
    env: command.env,
    readOnlyPaths: [...SANDBOX_READ_ONLY, path.dirname(command.nodePath)],
    tmpSizeMb: command.tmpSizeMb,
    network: link ? { ifname: link.ifname, address: link.address, gateway: link.gateway } : null,
    tools: {
      unshare: host.tool('unshare'),
      setpriv: host.tool('setpriv'),
      nice: host.tool('nice'),
      mount: host.tool('mount'),
      ip: host.tool('ip'),
    },
  };
  try {
    await new Promise<void>((resolve, reject) =>
      child.send({ type: 'start', config }, server, (error) => (error ? reject(error) : resolve())),
    );
  } finally {
    server?.close();
  }
}
