import { execFile, spawnSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import fs from 'node:fs';
import { randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import {
  APP_LINK_PREFIX,
  APP_LINK_SLOTS,
  SANDBOX_LINK_PREFIX,
  appLinkAddresses,
  egressRuleset,
  isIpv4Cidr,
} from './egress-rules';

const run = promisify(execFile);

export type AppEgress = 'internet' | 'none';

export interface SandboxHostOptions {
  /** The egress sandboxes get: `internet` needs `nft` (`decideIsolation` in app-runtime/runtime-driver.provider.ts decides it). */
  egress: AppEgress;
  /** The unprivileged user and group apps run as. */
  uid: number;
  gid: number;
  /** Hosts (names or addresses) apps must never reach, wherever they are: DATABASE_URL's, REDIS_URL's. */
  platformHosts: readonly string[];
  /** More IPv4 addresses or CIDRs to deny (HOSTING_APP_EGRESS_DENY). */
  deniedCidrs: readonly string[];
  /**
   * The directories the sandbox's tools (unshare, setpriv, nice, mount, ip, nft) are looked up in,
   * in order (HOSTING_SANDBOX_PATH); default `SANDBOX_TOOL_DIRS`.
   */
  toolDirs?: readonly string[];
}

/** Whether this host can make the sandboxes' namespaces, and if not, why. */
export type SandboxSupport = { ok: true } | { ok: false; reason: string };

/** Whether internet egress can be filtered here; `missing`: no `nft` binary at all. */
export type NftSupport = { ok: true } | { ok: false; missing: boolean; reason: string };

/** The network of one sandbox with internet egress: its veth end and addresses. */
export interface SandboxLink {
  hostIfname: string;
  ifname: string;
  address: string;
  gateway: string;
}

/** Where the sandbox's tools are looked up by default: the system directories, never the worker's PATH. */
export const SANDBOX_TOOL_DIRS: readonly string[] = ['/usr/sbin', '/sbin', '/usr/bin', '/bin'];

/** What every sandbox needs, whatever its egress. */
const NAMESPACE_TOOLS = ['unshare', 'setpriv', 'nice', 'mount', 'ip'] as const;

export type SandboxTool = (typeof NAMESPACE_TOOLS)[number] | 'nft';

/**
 * What a worker does on its own host for sandboxed apps (root only): checks that the host can
 * make the namespaces, installs the egress filter once (nftables, see `egress-rules.ts`), and gives
 * each sandbox with internet egress its own veth pair. The sandbox itself is set up from the inside
 * by `sandbox-init.js`.
 */
export class SandboxHost {
  private prepared: Promise<void> | null = null;

  constructor(readonly options: SandboxHostOptions) {}

  /** This host with the given egress (the same tools and addresses). */
  withEgress(egress: AppEgress): SandboxHost {
    return egress === this.options.egress ? this : new SandboxHost({ ...this.options, egress });
  }

  /**
   * The real path of a tool in the tool directories (a symbolic link resolved: the path must be
   * valid inside the sandbox's root too), null when absent.
   */
  findTool(name: SandboxTool): string | null {
    for (const dir of this.options.toolDirs ?? SANDBOX_TOOL_DIRS) {
      const candidate = `${dir.replace(/\/+$/, '')}/${name}`;
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        if (fs.statSync(candidate).isFile()) return fs.realpathSync(candidate);
      } catch {
        // not there
      }
    }
    return null;
  }

  /** The path of a tool `detect()` found (the sandbox is only used where it did). */
  tool(name: SandboxTool): string {
    const found = this.findTool(name);
    if (!found) throw new Error(`${name} not found on this host`);
    return found;
  }

  /**
   * Whether internet egress can be filtered here: `nft` is found in the tool directories and can
   * list the host's tables (nf_tables in the kernel, CAP_NET_ADMIN). Checked once at worker start.
   */
  nftSupport(): NftSupport {
    const nft = this.findTool('nft');
    if (!nft) {
      return {
        ok: false,
        missing: true,
        reason: `nft not found in ${(this.options.toolDirs ?? SANDBOX_TOOL_DIRS).join(':')}`,
      };
    }
    const probe = spawnSync(nft, ['list', 'tables'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 10_000,
    });
    if (probe.status !== 0) {
      return {
        ok: false,
        missing: false,
        reason: `${nft} list tables failed: ${String(probe.stderr).trim() || probe.error?.message || `exit ${probe.status}`}`,
      };
    }
    return { ok: true };
  }

  /**
   * Whether the sandboxes' namespaces can be made here (root, the tools, a trial `unshare`),
   * checked once at worker start (synchronously: it runs in a provider factory). Egress is not
   * part of it: without `nft` sandboxes still run, with egress `none`.
   */
  detect(): SandboxSupport {
    if (process.platform !== 'linux') return { ok: false, reason: 'network namespaces need Linux' };
    if (process.getuid?.() !== 0) {
      return {
        ok: false,
        reason:
          'the hosting worker does not run as root (network, PID and mount namespaces need CAP_SYS_ADMIN)',
      };
    }
    const missing = NAMESPACE_TOOLS.filter((name) => !this.findTool(name));
    if (missing.length) return { ok: false, reason: `missing on this host: ${missing.join(', ')}` };
    const probe = spawnSync(
      this.tool('unshare'),
      ['--net', '--pid', '--mount', '--ipc', '--uts', '--fork', '--kill-child', '--mount-proc', 'true'],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 },
    );
    if (probe.status !== 0) {
      return {
        ok: false,
        reason: `cannot create namespaces here: ${String(probe.stderr).trim() || probe.error?.message || `exit ${probe.status}`}`,
      };
    }
    return { ok: true };
  }

  /** Installs the egress filter (internet egress only; idempotent, once per worker). */
  prepare(): Promise<void> {
    this.prepared ??= this.installFilter().catch((error: unknown) => {
      this.prepared = null;
      throw error;
    });
    return this.prepared;
  }

  /**
   * A veth pair with its sandbox end inside the network namespace of `pid` (the sandbox's
   * `unshare` process), the host end addressed and up; null with egress `none` (loopback only).
   * The pair goes away with the namespace. Indexes are taken with `ip link add`, which fails for a
   * name in use, so workers sharing a host never hand out the same link.
   */
  async createLink(pid: number): Promise<SandboxLink | null> {
    if (this.options.egress === 'none') return null;
    await this.prepare();
    const [own, theirs] = [fs.readlinkSync('/proc/self/ns/net'), fs.readlinkSync(`/proc/${pid}/ns/net`)];
    if (own === theirs) throw new Error(`process ${pid} is not in a network namespace of its own`);
    const ip = this.tool('ip');
    for (let attempt = 0; attempt < 64; attempt += 1) {
      const index = randomInt(APP_LINK_SLOTS);
      const hostIfname = `${APP_LINK_PREFIX}${index}`;
      const ifname = `${SANDBOX_LINK_PREFIX}${index}`;
      try {
        await run(ip, [
          'link',
          'add',
          hostIfname,
          'type',
          'veth',
          'peer',
          'name',
          ifname,
          'netns',
          String(pid),
        ]);
      } catch (error) {
        if (/exists/i.test((error as { stderr?: string }).stderr ?? '')) continue;
        throw error;
      }
      const { host, sandbox, prefix } = appLinkAddresses(index);
      fs.writeFileSync(`/proc/sys/net/ipv6/conf/${hostIfname}/disable_ipv6`, '1');
      await run(ip, ['addr', 'add', `${host}/${prefix}`, 'dev', hostIfname]);
      await run(ip, ['link', 'set', hostIfname, 'up']);
      return { hostIfname, ifname, address: `${sandbox}/${prefix}`, gateway: host };
    }
    throw new Error('no free app link index');
  }

  private async installFilter(): Promise<void> {
    if (this.options.egress === 'none') return;
    const denied = [
      ...(await resolveAll(this.options.platformHosts)),
      ...(await hostSubnets(this.tool('ip'))),
      ...this.options.deniedCidrs,
    ];
    const ruleset = egressRuleset({ egress: this.options.egress, denied, resolvers: nameservers() });
    await new Promise<void>((resolve, reject) => {
      const child = execFile(this.tool('nft'), ['-f', '-'], (error, _stdout, stderr) =>
        error ? reject(new Error(`nft: ${stderr.trim() || error.message}`)) : resolve(),
      );
      child.stdin?.end(ruleset);
    });
    // Forwarding carries the apps' packets out; the filter above decides which may go.
    fs.writeFileSync('/proc/sys/net/ipv4/ip_forward', '1');
  }
}

/** The IPv4 addresses of these hosts (names resolved now; an unresolvable name is skipped). */
async function resolveAll(hosts: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const host of hosts) {
    if (isIpv4Cidr(host)) {
      out.push(host);
      continue;
    }
    const found = await lookup(host, { all: true, family: 4 }).catch(() => []);
    out.push(...found.map((a) => a.address));
  }
  return out;
}

/** Every IPv4 subnet of this host's interfaces (apps' own links excluded). */
async function hostSubnets(ip: string): Promise<string[]> {
  const { stdout } = await run(ip, ['-j', '-4', 'addr', 'show']);
  const links = JSON.parse(stdout) as Array<{
    ifname: string;
    addr_info?: Array<{ local: string; prefixlen: number }>;
  }>;
  return links
    .filter((l) => !l.ifname.startsWith(APP_LINK_PREFIX))
    .flatMap((l) => (l.addr_info ?? []).map((a) => networkOf(a.local, a.prefixlen)));
}

function networkOf(address: string, prefix: number): string {
  const value = address.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
  const size = 2 ** (32 - prefix);
  const base = value - (value % size);
  return `${[24, 16, 8, 0].map((shift) => Math.floor(base / 2 ** shift) % 256).join('.')}/${prefix}`;
}

/** The host's IPv4 nameservers (apps inherit /etc/resolv.conf; loopback ones cannot serve them). */
function nameservers(): string[] {
  let text = '';
  try {
    text = fs.readFileSync('/etc/resolv.conf', 'utf8');
  } catch {
    return [];
  }
  return [...text.matchAll(/^\s*nameserver\s+(\S+)/gm)]
    .map((m) => m[1])
    .filter((a) => isIpv4Cidr(a) && !a.startsWith('127.'));
}
