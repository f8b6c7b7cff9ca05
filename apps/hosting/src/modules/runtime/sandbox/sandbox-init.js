// @ts-check
'use strict';
/**
 * PID 1 of one hosted app instance's sandbox. The worker starts it as
 * `unshare --net --pid --mount --ipc --uts --fork --kill-child --mount-proc node sandbox-init.js`
 * (see `sandbox-launcher.ts`), so it runs as root inside fresh network, PID, mount, IPC and UTS
 * namespaces, and talks to the worker over Node's IPC channel only:
 *
 *   init → worker  {type: 'hello'}  (it is inside the namespaces)
 *   worker → init  {type: 'start', config}  + for a server, the listening socket (a handle, on the
 *                  worker's network)
 *   init → worker  {type: 'ready'} | {type: 'exit', code, signal} | {type: 'error', message}
 *
 * Two modes: `serve` (an app variant: relay, readiness) and `run` (a command that ends, such as an
 * app's build script: no way in at all; the init exits with the command's status).
 *
 * It builds a minimal root file system (tmpfs; read-only binds of the system directories Node
 * needs, the app's own directory read-write at its usual path, a private /tmp, /dev with the
 * harmless devices only, a /proc of this PID namespace), brings up loopback (and, for internet
 * egress, the veth the worker moved in), then starts the app as an unprivileged user with no
 * capabilities and no_new_privs, chrooted into that root. Connections accepted on the socket the
 * worker handed over (which lives in the worker's network namespace) are relayed to the app's port
 * on this namespace's loopback: that relay is the only way into the sandbox, and nothing in it can
 * reach the host's network. The worker's end of the IPC channel closing (the worker died, even by
 * SIGKILL) ends the app: no instance outlives the worker that supervises it.
 *
 * Plain JavaScript, not TypeScript: the worker starts it with `node` from `src/` under Jest as well
 * as from `dist/`, and it must need nothing but Node's built-ins.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

/**
 * @typedef {object} SandboxNetwork
 * @property {string} ifname the veth end the worker moved into this namespace
 * @property {string} address its address with prefix (10.213.x.y/30)
 * @property {string} gateway the worker-side end's address
 *
 * @typedef {object} SandboxConfig
 * @property {'serve' | 'run'} mode
 * @property {string} root an empty directory; this namespace mounts the app's root there
 * @property {string} appDir the app's directory (cwd, HOME), bound read-write at the same path
 * @property {number} port the app's port inside the sandbox (serve)
 * @property {number} uid
 * @property {number} gid
 * @property {number} nice
 * @property {string[]} argv the app's command, absolute program path first
 * @property {Record<string, string>} env the app's whole environment
 * @property {string[]} readOnlyPaths host paths bound read-only at the same path (missing ones skipped)
 * @property {number} tmpSizeMb size of the private /tmp
 * @property {SandboxNetwork | null} network null: loopback only
 * @property {{unshare: string, setpriv: string, nice: string, mount: string, ip: string}} tools absolute
 *   paths on the host (unshare, setpriv and nice: the same inside the root)
 */

/** The environment of the set-up commands (mount, ip, run by their absolute paths): the system directories only. */
const SYSTEM_PATH = '/usr/sbin:/usr/bin:/sbin:/bin';

const DEVICES = ['null', 'zero', 'full', 'random', 'urandom'];

/** The set-up commands' absolute paths, as the worker found them (config.tools); by name until the start message. */
/** @type {Record<string, string>} */
const setUpTools = {};

/** @param {Record<string, unknown>} message */
function send(message) {
  if (process.connected && process.send) process.send(message);
}

/**
 * @param {string} command
 * @param {string[]} args
 */
function run(command, args) {
  const result = spawnSync(setUpTools[command] ?? command, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: SYSTEM_PATH },
  });
  if (result.status !== 0) {
    const why = result.error ? result.error.message : String(result.stderr).trim() || `exit ${result.status}`;
    throw new Error(`${command} ${args.join(' ')}: ${why}`);
  }
}

/**
 * @param {string} source
 * @param {string} target
 * @param {boolean} readOnly
 */
function bind(source, target, readOnly) {
  run('mount', ['--bind', source, target]);
  run('mount', ['-o', `remount,bind,nosuid,nodev${readOnly ? ',ro' : ''}`, target]);
}

/**
 * Recreates `hostPath` under `root`: a symlink as the same symlink (merged /usr: /bin → usr/bin),
 * a directory or file as a read-only bind mount.
 * @param {string} root
 * @param {string} hostPath
 */
function exposeReadOnly(root, hostPath) {
  let stat;
  try {
    stat = fs.lstatSync(hostPath);
  } catch {
    return;
  }
  const target = path.join(root, hostPath);
  if (fs.existsSync(target)) return; // inside a directory bound already
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (stat.isSymbolicLink()) {
    fs.symlinkSync(fs.readlinkSync(hostPath), target);
  } else if (stat.isDirectory()) {
    fs.mkdirSync(target);
    bind(hostPath, target, true);
  } else {
    fs.writeFileSync(target, '');
    bind(hostPath, target, true);
  }
}

/** @param {SandboxConfig} config */
function buildRoot(config) {
  const { root } = config;
  // Nothing mounted here propagates back to the worker's mount namespace.
  run('mount', ['--make-rprivate', '/']);
  run('mount', ['-t', 'tmpfs', '-o', 'mode=0755,size=16m,nosuid,nodev', 'sandbox-root', root]);
  for (const hostPath of config.readOnlyPaths) exposeReadOnly(root, hostPath);

  const dev = path.join(root, 'dev');
  fs.mkdirSync(dev, { recursive: true });
  run('mount', ['-t', 'tmpfs', '-o', 'mode=0755,size=64k,nosuid,noexec', 'sandbox-dev', dev]);
  for (const name of DEVICES) {
    fs.writeFileSync(path.join(dev, name), '');
    run('mount', ['--bind', `/dev/${name}`, path.join(dev, name)]);
  }
  fs.symlinkSync('/proc/self/fd', path.join(dev, 'fd'));
  fs.symlinkSync('/proc/self/fd/0', path.join(dev, 'stdin'));
  fs.symlinkSync('/proc/self/fd/1', path.join(dev, 'stdout'));
  fs.symlinkSync('/proc/self/fd/2', path.join(dev, 'stderr'));

  // This PID namespace's processes only; hidepid: the app does not even see this init.
  const proc = path.join(root, 'proc');
  fs.mkdirSync(proc, { recursive: true });
  run('mount', ['-t', 'proc', '-o', 'nosuid,nodev,noexec,hidepid=invisible', 'proc', proc]);

  const tmp = path.join(root, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  run('mount', ['-t', 'tmpfs', '-o', `mode=1777,size=${config.tmpSizeMb}m,nosuid,nodev`, 'sandbox-tmp', tmp]);

  const appDir = path.join(root, config.appDir);
  fs.mkdirSync(appDir, { recursive: true });
  bind(config.appDir, appDir, false);

  // The skeleton itself is read-only; only the app's directory and /tmp can be written.
  run('mount', ['-o', 'remount,ro,nosuid,nodev', root]);
}

/** @param {SandboxNetwork | null} network */
function setUpNetwork(network) {
  run('ip', ['link', 'set', 'lo', 'up']);
  if (!network) return;
  // IPv4 only: no link-local IPv6 on the veth, so no neighbour of the worker's side is reachable over it.
  fs.writeFileSync(`/proc/sys/net/ipv6/conf/${network.ifname}/disable_ipv6`, '1');
  run('ip', ['addr', 'add', network.address, 'dev', network.ifname]);
  run('ip', ['link', 'set', network.ifname, 'up']);
  run('ip', ['route', 'add', 'default', 'via', network.gateway]);
}

/**
 * Relays every connection of `server` (the worker's listening socket) to the app's port here.
 * @param {net.Server} server
 * @param {number} port
 */
function relay(server, port) {
  server.on('connection', (client) => {
    const upstream = net.connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
}

/**
 * Tells the worker once the app accepts connections on its port.
 * @param {number} port
 * @param {() => boolean} running
 */
function announceReadiness(port, running) {
  const probe = () => {
    if (!running()) return;
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      send({ type: 'ready' });
    });
    socket.once('error', () => {
      socket.destroy();
      setTimeout(probe, 50);
    });
  };
  probe();
}

/**
 * @param {SandboxConfig} config
 * @param {net.Server | null} server the worker's listening socket (serve mode)
 */
function start(config, server) {
  Object.assign(setUpTools, { mount: config.tools.mount, ip: config.tools.ip });
  buildRoot(config);
  setUpNetwork(config.network);
  const [program, ...args] = config.argv;
  const { unshare, setpriv, nice } = config.tools;
  const app = spawn(
    unshare,
    [
      `--root=${config.root}`,
      `--wd=${config.appDir}`,
      setpriv,
      `--reuid=${config.uid}`,
      `--regid=${config.gid}`,
      '--clear-groups',
      '--no-new-privs',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--',
      nice,
      '-n',
      String(config.nice),
      program,
      ...args,
    ],
    { env: config.env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  let exited = false;
  app.once('exit', (code, signal) => {
    exited = true;
    server?.close();
    const status = code ?? 128 + (signal ? os.constants.signals[signal] : 0);
    // The worker learns how the app ended (a signal stays a signal) before this init goes.
    if (process.connected && process.send)
      process.send({ type: 'exit', code, signal }, () => process.exit(status));
    else process.exit(status);
  });
  app.once('error', (error) => {
    send({ type: 'error', message: `could not start the app: ${error.message}` });
    process.exit(70);
  });
  if (server) {
    relay(server, config.port);
    announceReadiness(config.port, () => !exited);
  }
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGTERM', 'SIGINT', 'SIGHUP'])) {
    process.on(signal, () => {
      if (!exited) app.kill(signal);
    });
  }
}

process.on('message', (/** @type {{type?: string, config?: SandboxConfig}} */ message, handle) => {
  if (message.type !== 'start' || !message.config) return;
  const server = handle instanceof net.Server ? handle : null;
  if ((message.config.mode === 'serve') !== (server !== null)) {
    send({ type: 'error', message: 'sandbox set-up failed: a server needs its socket, a command none' });
    process.exit(70);
  }
  try {
    start(message.config, server);
  } catch (error) {
    send({
      type: 'error',
      message: `sandbox set-up failed: ${error instanceof Error ? error.message : String(error)}`,
    });
    process.exit(70);
  }
});
// The worker is gone (its end of the channel closed, even after a SIGKILL): this init exits, and
// the kernel kills every process of its PID namespace with it, the app included.
process.once('disconnect', () => process.exit(137));
send({ type: 'hello' });
