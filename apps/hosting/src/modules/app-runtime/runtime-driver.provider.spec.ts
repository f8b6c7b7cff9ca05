import { loadPlatformConfig } from '@platform/config';
import { SandboxHost } from '../runtime/sandbox/sandbox-host';
import type { SandboxSupport } from '../runtime/sandbox/sandbox-host';
import { localIsolation } from './runtime-driver.provider';
import { loadRuntimeSettings } from './runtime-settings';

/** A host whose mechanism check fails the way a non-root worker's does. */
class HostWithoutMechanism extends SandboxHost {
  override detect(): SandboxSupport {
    return { ok: false, reason: 'the hosting worker does not run as root (test)' };
  }
}

describe('the local runtime’s isolation on this host', () => {
  const config = loadPlatformConfig({
    serviceName: 'hosting-worker',
    defaultPort: 3105,
    env: {},
    secrets: false,
  });
  const host = (settings = loadRuntimeSettings({})) =>
    new HostWithoutMechanism({ egress: settings.egress, uid: 1, gid: 1, platformHosts: [], deniedCidrs: [] });

  it('sandboxes where the host can (this machine: root, unshare, nft)', () => {
    const isolation = localIsolation(loadRuntimeSettings({}), config);
    expect('sandbox' in isolation).toBe(true);
  });

  it('no mechanism: every start refused, with the reason and the way out', () => {
    const isolation = localIsolation(loadRuntimeSettings({}), config, host());
    expect(isolation).toEqual({
      refuse:
        'no isolation mechanism on this host (the hosting worker does not run as root (test)); set HOSTING_UNISOLATED=allow to run apps unisolated',
    });
  });

  it('no mechanism and HOSTING_UNISOLATED=allow: plain processes', () => {
    const settings = loadRuntimeSettings({ HOSTING_UNISOLATED: 'allow' });
    expect(localIsolation(settings, config, host(settings))).toEqual({ unisolated: true });
  });

  it('reads and checks its settings', () => {
    expect(loadRuntimeSettings({})).toMatchObject({
      runtime: 'local',
      egress: 'internet',
      allowUnisolated: false,
      appUid: 10001,
      appGid: 10001,
      egressDeny: [],
      kubernetes: null,
    });
    expect(
      loadRuntimeSettings({
        HOSTING_APP_EGRESS: 'none',
        HOSTING_APP_EGRESS_DENY: '198.51.100.0/24, 203.0.113.9',
      }),
    ).toMatchObject({
      egress: 'none',
      egressDeny: ['198.51.100.0/24', '203.0.113.9'],
    });
    expect(() => loadRuntimeSettings({ HOSTING_APP_EGRESS: 'some' })).toThrow(/HOSTING_APP_EGRESS/);
    expect(() => loadRuntimeSettings({ HOSTING_UNISOLATED: 'yes' })).toThrow(/HOSTING_UNISOLATED/);
    expect(() => loadRuntimeSettings({ HOSTING_APP_EGRESS_DENY: '10.0.0.0/8;rm' })).toThrow(
      /HOSTING_APP_EGRESS_DENY/,
    );
    expect(() => loadRuntimeSettings({ HOSTING_RUNTIME: 'kubernetes' })).toThrow(/HOSTING_K8S_IMAGE/);
    expect(
      loadRuntimeSettings({ HOSTING_RUNTIME: 'kubernetes', HOSTING_K8S_IMAGE: 'node:20-slim' }).kubernetes,
    ).toMatchObject({
      namespace: 'developer-platform-apps',
      image: 'node:20-slim',
      buildsClaim: 'hosting-builds',
    });
    expect(() =>
      loadRuntimeSettings({
        HOSTING_RUNTIME: 'kubernetes',
        HOSTING_K8S_IMAGE: 'x',
        HOSTING_K8S_NAMESPACE: 'Bad_Name',
      }),
    ).toThrow(/HOSTING_K8S_NAMESPACE/);
  });
});
