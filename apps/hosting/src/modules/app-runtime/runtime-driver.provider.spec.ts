import { loadPlatformConfig } from '@platform/config';
import { loadRuntimeSettings } from '../../config/hosting.config';
import { SandboxHost } from '../runtime/sandbox/sandbox-host';
import type { SandboxSupport } from '../runtime/sandbox/sandbox-host';
import { localIsolation } from './runtime-driver.provider';

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
});
