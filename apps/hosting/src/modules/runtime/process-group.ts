import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * Process helpers shared by the builder and the local runtime driver. Children are spawned
 * `detached`, which makes each one the leader of its own process group: signalling `-pid` reaches
 * everything it started (npm → sh → node), and nothing of the worker's own group.
 */

/** Sends `signal` to the whole process group led by `pid`; false when the group is gone. */
export function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw e;
  }
}

/** Whether a process with this id exists (a zombie counts until its parent reaps it). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a process with this id exists and is not a zombie. A grandchild killed with its group is
 * re-parented to pid 1, which may take a while to reap it; on Linux its state there is Z.
 */
export function processAlive(pid: number): boolean {
  if (!processExists(pid)) return false;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/** Whether any process of the group led by `pid` is left. */
export function groupExists(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A PATH for children: the directory of the Node binary running the worker (so `node` and `npm` are
 * the worker's own) and the system directories, nothing from the worker's PATH.
 */
export function minimalPath(): string {
  const dirs = [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'];
  return [...new Set(dirs)].join(':');
}

/** A port nothing listens on now: bind 127.0.0.1:0, read the port, close. */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

/** Whether something accepts TCP connections on host:port, within `timeoutMs`. */
export function acceptsConnections(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
