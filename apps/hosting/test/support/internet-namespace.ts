import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';

/**
 * A stand-in for the internet, for the isolation tests: a network namespace of its own behind a
 * veth from the host (198.18.<n>.0/30, the benchmarking range), serving TCP on an address beyond
 * it (203.0.113.<n>, documentation range) that the host routes through the veth, as a router
 * would. Apps with internet egress reach it through the host's NAT; nothing else of the platform
 * is there.
 */
export interface InternetNamespace {
  readonly address: string;
  readonly port: number;
  close(): Promise<void>;
}

const ip = (...args: string[]): void => {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
};

export async function startInternetNamespace(): Promise<InternetNamespace> {
  const n = randomInt(1, 250);
  const name = `dpt-inet-${process.pid}-${n}`;
  const hostIf = `dpti${n}`;
  const nsIf = `dptn${n}`;
  const address = `203.0.113.${n}`;
  const port = 80;
  ip('netns', 'add', name);
  let server: ChildProcess | undefined;
  const close = async () => {
    server?.kill('SIGKILL');
    try {
      ip('route', 'del', `${address}/32`);
    } catch {
      // gone with the link
    }
    try {
      ip('netns', 'del', name); // takes the veth pair with it
    } catch {
      // already gone
    }
  };
  try {
    ip('link', 'add', hostIf, 'type', 'veth', 'peer', 'name', nsIf, 'netns', name);
    ip('addr', 'add', `198.18.${n}.1/30`, 'dev', hostIf);
    ip('link', 'set', hostIf, 'up');
    ip('-n', name, 'link', 'set', 'lo', 'up');
    ip('-n', name, 'addr', 'add', `198.18.${n}.2/30`, 'dev', nsIf);
    ip('-n', name, 'addr', 'add', `${address}/32`, 'dev', 'lo');
    ip('-n', name, 'link', 'set', nsIf, 'up');
    ip('-n', name, 'route', 'add', 'default', 'via', `198.18.${n}.1`);
    ip('route', 'add', `${address}/32`, 'via', `198.18.${n}.2`);
    const child = spawn(
      'ip',
      [
        'netns',
        'exec',
        name,
        process.execPath,
        '-e',
        // A probe that resets its connection must not crash the server (no unhandled 'error').
        `require('net').createServer((s) => { s.on('error', () => {}); s.end('internet\\n'); }).listen(${port}, '${address}', () => console.log('up'))`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    server = child;
    await new Promise<void>((resolve, reject) => {
      child.stdout?.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`the internet server exited (${code})`)));
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { address, port, close };
}
