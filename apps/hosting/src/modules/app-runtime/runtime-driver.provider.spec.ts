import { loadPlatformConfig } from '@platform/config';
import { sandboxToolsWithout, type SandboxToolDir } from '@platform/testing';
import { loadRuntimeSettings } from '../../config/hosting.config';
import { LocalProcessDriver } from '../runtime';
import { SANDBOX_TOOL_DIRS, SandboxHost } from '../runtime/sandbox/sandbox-host';
import type { SandboxSupport } from '../runtime/sandbox/sandbox-host';
import { decideIsolation, localIsolation } from './runtime-driver.provider';

/** A host whose mechanism check fails the way a non-root worker's does. */
class HostWithoutMechanism extends SandboxHost {
  override detect(): SandboxSupport {
    return { ok: false, reason: 'the hosting worker does not run as root (test)' };
  }
}

/** What the worker says at start, by level. */
function recordingLog() {
  const lines = { log: [] as string[], warn: [] as string[], error: [] as string[] };
  return {
    lines,
    log: (m: string) => lines.log.push(m),
    warn: (m: string) => lines.warn.push(m),
    error: (m: string) => lines.error.push(m),
  };
}

describe('the isolation mode decision', () => {
  const namespaces = { ok: true } as const;
  const noNamespaces = { ok: false, reason: 'network namespaces need Linux' } as const;
  const nft = { ok: true } as const;
  const noNft = {
    ok: false,
    missing: true,
    reason: 'nft not found in /usr/sbin:/sbin:/usr/bin:/bin',
  } as const;
  const brokenNft = {
    ok: false,
    missing: false,
    reason: '/usr/sbin/nft list tables failed: Operation not permitted',
  } as const;

  it('namespaces and nft: sandboxes with the egress asked for, nothing to warn about', () => {
    expect(decideIsolation('internet', false, { namespaces, nft })).toEqual({
      mode: 'sandbox',
      egress: 'internet',
      warning: null,
    });
    expect(decideIsolation('none', false, { namespaces, nft })).toEqual({
      mode: 'sandbox',
      egress: 'none',
      warning: null,
    });
  });

  it('namespaces without nft: sandboxes with egress none and one warning naming nft and how to install it', () => {
    const decided = decideIsolation('internet', false, { namespaces, nft: noNft });
    expect(decided).toMatchObject({ mode: 'sandbox', egress: 'none' });
    const warning = 'warning' in decided ? decided.warning : null;
    expect(warning).toContain('WITHOUT internet egress');
    expect(warning).toContain('egress NONE');
    expect(warning).toContain('nft is missing on this host (nft not found in /usr/sbin:/sbin:/usr/bin:/bin)');
    expect(warning).toContain('apt-get install nftables');
    // HOSTING_UNISOLATED changes nothing where namespaces exist.
    expect(decideIsolation('internet', true, { namespaces, nft: noNft })).toEqual(decided);
  });

  it('namespaces, nft present but unusable: egress none, the warning says why', () => {
    const decided = decideIsolation('internet', false, { namespaces, nft: brokenNft });
    expect(decided).toMatchObject({ mode: 'sandbox', egress: 'none' });
    expect('warning' in decided && decided.warning).toContain(
      'nft cannot filter on this host (/usr/sbin/nft list tables failed: Operation not permitted)',
    );
  });

  it('egress none asked for: no nft needed, no warning', () => {
    expect(decideIsolation('none', false, { namespaces, nft: noNft })).toEqual({
      mode: 'sandbox',
      egress: 'none',
      warning: null,
    });
  });

  it('no namespaces: refused, unless HOSTING_UNISOLATED=allow', () => {
    expect(decideIsolation('internet', false, { namespaces: noNamespaces, nft })).toEqual({
      mode: 'refuse',
      reason:
        'no isolation mechanism on this host (network namespaces need Linux); set HOSTING_UNISOLATED=allow to run apps unisolated',
    });
    expect(decideIsolation('none', true, { namespaces: noNamespaces, nft: noNft })).toMatchObject({
      mode: 'unisolated',
    });
  });
});

describe('the local runtime’s isolation on this host', () => {
  const config = loadPlatformConfig({
    serviceName: 'hosting-worker',
    defaultPort: 3105,
    env: {},
    secrets: false,
  });
  const host = (settings = loadRuntimeSettings({})) =>
    new HostWithoutMechanism({ egress: settings.egress, uid: 1, gid: 1, platformHosts: [], deniedCidrs: [] });
  let withoutNft: SandboxToolDir;

  beforeAll(() => {
    withoutNft = sandboxToolsWithout(['nft'], SANDBOX_TOOL_DIRS);
  });

  afterAll(() => withoutNft?.remove());

  it('sandboxes where the host can (this machine: root, unshare, nft): egress internet, said once', () => {
    const log = recordingLog();
    const isolation = localIsolation(loadRuntimeSettings({}), config, undefined, log);
    expect('sandbox' in isolation && isolation.sandbox.options.egress).toBe('internet');
    expect(new LocalProcessDriver({ isolation }).egress).toBe('INTERNET');
    expect(log.lines).toEqual({
      log: ['apps run in sandboxes (network, PID, mount namespaces; egress internet)'],
      warn: [],
      error: [],
    });
  });

  it('this machine without nft on the sandbox path: sandboxes with egress none, one warning', () => {
    const log = recordingLog();
    const settings = loadRuntimeSettings({ HOSTING_SANDBOX_PATH: withoutNft.dir });
    const isolation = localIsolation(settings, config, undefined, log);
    expect('sandbox' in isolation).toBe(true);
    if (!('sandbox' in isolation)) return;
    expect(isolation.sandbox.options).toMatchObject({ egress: 'none', toolDirs: [withoutNft.dir] });
    // The tools it runs are the real programs behind the links (valid inside a sandbox's root too).
    expect(isolation.sandbox.tool('unshare')).not.toContain(withoutNft.dir);
    expect(isolation.sandbox.findTool('nft')).toBeNull();
    const driver = new LocalProcessDriver({ isolation });
    expect([driver.isolation, driver.egress]).toEqual(['NETNS', 'NONE']);
    expect(log.lines.log).toEqual([]);
    expect(log.lines.error).toEqual([]);
    expect(log.lines.warn).toHaveLength(1);
    expect(log.lines.warn[0]).toMatch(
      new RegExp(
        `^hosted apps run in their sandboxes WITHOUT internet egress .*nft is missing on this host \\(nft not found in ${withoutNft.dir}\\).*apt-get install nftables`,
      ),
    );
  });

  it('without nft but egress none asked for: no warning', () => {
    const log = recordingLog();
    const settings = loadRuntimeSettings({
      HOSTING_SANDBOX_PATH: withoutNft.dir,
      HOSTING_APP_EGRESS: 'none',
    });
    const isolation = localIsolation(settings, config, undefined, log);
    expect('sandbox' in isolation && isolation.sandbox.options.egress).toBe('none');
    expect(log.lines.warn).toEqual([]);
  });

  it('no mechanism: every start refused, with the reason and the way out', () => {
    const log = recordingLog();
    const isolation = localIsolation(loadRuntimeSettings({}), config, host(), log);
    expect(isolation).toEqual({
      refuse:
        'no isolation mechanism on this host (the hosting worker does not run as root (test)); set HOSTING_UNISOLATED=allow to run apps unisolated',
    });
    expect(log.lines.error).toHaveLength(1);
    expect(new LocalProcessDriver({ isolation }).egress).toBe('NONE');
  });

  it('no mechanism and HOSTING_UNISOLATED=allow: plain processes, egress unrestricted', () => {
    const log = recordingLog();
    const settings = loadRuntimeSettings({ HOSTING_UNISOLATED: 'allow' });
    const isolation = localIsolation(settings, config, host(settings), log);
    expect(isolation).toEqual({ unisolated: true });
    expect(log.lines.warn).toHaveLength(1);
    expect(new LocalProcessDriver({ isolation }).egress).toBe('UNRESTRICTED');
  });
});
