import { join } from 'node:path';
import { ConfigError } from '@platform/config';
import {
  loadHostingConfig,
  loadImportSettings,
  loadLeaseSettings,
  loadMaintenanceSettings,
  loadPublicBaseUrl,
  loadRuntimeSettings,
} from './hosting.config';
import { loadHostingWorkerConfig } from './hosting-worker.config';

const KEY = { SECRETS_ENCRYPTION_KEY: 'ab'.repeat(32) };

describe('hosting configuration', () => {
  it('the API: platform variables on port 3005, imports and the public base URL', () => {
    const config = loadHostingConfig({ ...KEY, HOSTING_DATA_DIR: '/srv/hosting' });
    expect(config.platform).toMatchObject({ serviceName: 'hosting', port: 3005 });
    expect(config.imports.dataDir).toBe('/srv/hosting');
    expect(config.publicBaseUrl).toBe('http://127.0.0.1:8080');
  });

  it('the worker: platform variables on port 3105, and the runtime, lease and maintenance settings', () => {
    const config = loadHostingWorkerConfig({ ...KEY });
    expect(config.platform).toMatchObject({ serviceName: 'hosting-worker', port: 3105 });
    expect(config.leases.address).toBe('http://127.0.0.1:3105');
    expect(config.runtime.runtime).toBe('local');
    expect(config.maintenance).toEqual({ retentionEveryMs: 3_600_000, pruneEveryMs: 600_000 });
    expect(loadHostingWorkerConfig({ ...KEY, PORT: '4000' }).leases.address).toBe('http://127.0.0.1:4000');
  });

  it.each([
    ['hosting', loadHostingConfig, 'HOSTING_UPLOAD_MAX_BYTES', 'lots'],
    ['hosting', loadHostingConfig, 'PUBLIC_BASE_URL', 'ftp://x'],
    ['hosting-worker', loadHostingWorkerConfig, 'HOSTING_APP_EGRESS', 'some'],
    ['hosting-worker', loadHostingWorkerConfig, 'HOSTING_LEASE_TTL_MS', '4000'],
    ['hosting-worker', loadHostingWorkerConfig, 'HOSTING_BUILD_PRUNE_EVERY_MS', '0'],
    ['hosting-worker', loadHostingWorkerConfig, 'HOSTING_APP_MEMORY_MB', '0'],
  ])('%s fails at start on a bad %s (%s=%s), naming it', (_process, load, variable, value) => {
    const read = () => load({ ...KEY, [variable]: value });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(new RegExp(`^invalid configuration: ${variable} `));
  });
});

describe('import settings', () => {
  it('defaults', () => {
    expect(loadImportSettings({})).toEqual({
      dataDir: join(process.cwd(), '.data', 'hosting'),
      maxUploadBytes: 52_428_800,
      npmOffline: false,
      appMemoryMb: 256,
      runtimeHost: '127.0.0.1',
      releasesKept: 10,
    });
  });

  it('reads every variable', () => {
    expect(
      loadImportSettings({
        HOSTING_DATA_DIR: 'rel/data',
        HOSTING_UPLOAD_MAX_BYTES: '1024',
        HOSTING_NPM_OFFLINE: 'true',
        HOSTING_APP_MEMORY_MB: '512',
        HOSTING_RELEASES_KEPT: '3',
      }),
    ).toMatchObject({
      dataDir: join(process.cwd(), 'rel', 'data'),
      maxUploadBytes: 1024,
      npmOffline: true,
      appMemoryMb: 512,
      releasesKept: 3,
    });
  });

  it('refuses what is not a positive integer', () => {
    expect(() => loadImportSettings({ HOSTING_UPLOAD_MAX_BYTES: '-5' })).toThrow(
      'invalid configuration: HOSTING_UPLOAD_MAX_BYTES must be a positive integer, got "-5"',
    );
    expect(() => loadImportSettings({ HOSTING_APP_MEMORY_MB: '1.5' })).toThrow(/HOSTING_APP_MEMORY_MB/);
  });

  it('keeps the builds of 1 to 100 releases per variant', () => {
    expect(loadImportSettings({ HOSTING_RELEASES_KEPT: '1' }).releasesKept).toBe(1);
    expect(loadImportSettings({ HOSTING_RELEASES_KEPT: '100' }).releasesKept).toBe(100);
    for (const bad of ['0', '101', 'ten', '2.5'])
      expect(() => loadImportSettings({ HOSTING_RELEASES_KEPT: bad })).toThrow(/HOSTING_RELEASES_KEPT/);
  });
});

describe('public base URL', () => {
  it('defaults to the gateway of npm start, without a trailing slash', () => {
    expect(loadPublicBaseUrl({})).toBe('http://127.0.0.1:8080');
    expect(loadPublicBaseUrl({ PUBLIC_BASE_URL: 'https://apps.example.com//' })).toBe(
      'https://apps.example.com',
    );
    expect(() => loadPublicBaseUrl({ PUBLIC_BASE_URL: 'not a url' })).toThrow(/PUBLIC_BASE_URL/);
  });
});

describe('runtime settings', () => {
  it('reads and checks its settings', () => {
    expect(loadRuntimeSettings({})).toMatchObject({
      runtime: 'local',
      egress: 'internet',
      allowUnisolated: false,
      appUid: 10001,
      appGid: 10001,
      egressDeny: [],
      sandboxToolDirs: ['/usr/sbin', '/sbin', '/usr/bin', '/bin'],
      startupTimeoutMs: 30_000,
      failAfterCrashes: 5,
      kubernetes: null,
    });
    expect(
      loadRuntimeSettings({ HOSTING_APP_STARTUP_TIMEOUT_MS: '2000', HOSTING_APP_FAIL_AFTER_CRASHES: '1' }),
    ).toMatchObject({ startupTimeoutMs: 2000, failAfterCrashes: 1 });
    expect(() => loadRuntimeSettings({ HOSTING_APP_STARTUP_TIMEOUT_MS: '10' })).toThrow(
      /HOSTING_APP_STARTUP_TIMEOUT_MS/,
    );
    expect(loadRuntimeSettings({ HOSTING_SANDBOX_PATH: '/opt/tools/:/usr/bin' }).sandboxToolDirs).toEqual([
      '/opt/tools/',
      '/usr/bin',
    ]);
    expect(() => loadRuntimeSettings({ HOSTING_SANDBOX_PATH: '/usr/bin:bin' })).toThrow(
      'invalid configuration: HOSTING_SANDBOX_PATH holds "bin", not an absolute directory',
    );
    expect(
      loadRuntimeSettings({
        HOSTING_APP_EGRESS: 'none',
        HOSTING_APP_EGRESS_DENY: '198.51.100.0/24, 203.0.113.9',
      }),
    ).toMatchObject({
      egress: 'none',
      egressDeny: ['198.51.100.0/24', '203.0.113.9'],
    });
    expect(loadRuntimeSettings({ HOSTING_UNISOLATED: 'allow' }).allowUnisolated).toBe(true);
    expect(() => loadRuntimeSettings({ HOSTING_APP_EGRESS: 'some' })).toThrow(
      'invalid configuration: HOSTING_APP_EGRESS must be one of internet, none, got "some"',
    );
    expect(() => loadRuntimeSettings({ HOSTING_UNISOLATED: 'yes' })).toThrow(/HOSTING_UNISOLATED/);
    expect(() => loadRuntimeSettings({ HOSTING_APP_EGRESS_DENY: '10.0.0.0/8;rm' })).toThrow(
      /HOSTING_APP_EGRESS_DENY/,
    );
    expect(() => loadRuntimeSettings({ HOSTING_APP_UID: '0' })).toThrow(/HOSTING_APP_UID/);
  });

  it('the Kubernetes runtime: an image is required, names and quantities are checked', () => {
    expect(() => loadRuntimeSettings({ HOSTING_RUNTIME: 'kubernetes' })).toThrow(/HOSTING_K8S_IMAGE/);
    expect(
      loadRuntimeSettings({ HOSTING_RUNTIME: 'kubernetes', HOSTING_K8S_IMAGE: 'node:20-slim' }).kubernetes,
    ).toEqual({
      namespace: 'developer-platform-apps',
      image: 'node:20-slim',
      buildsClaim: 'hosting-builds',
      serviceUrlTemplate: undefined,
      permissionFlag: '--experimental-permission',
      runAsUser: 10001,
      cpuRequestMillicores: 50,
      defaultCpuMillicores: 500,
      appVolumeLimit: '1Gi',
      startupTimeoutMs: 120_000,
      pollIntervalMs: 2000,
      failAfterRestarts: 3,
    });
    const k8s = { HOSTING_RUNTIME: 'kubernetes', HOSTING_K8S_IMAGE: 'x' };
    expect(
      loadRuntimeSettings({ ...k8s, HOSTING_K8S_NODE_PERMISSION_FLAG: 'none' }).kubernetes,
    ).toMatchObject({
      permissionFlag: null,
    });
    expect(() => loadRuntimeSettings({ ...k8s, HOSTING_K8S_NAMESPACE: 'Bad_Name' })).toThrow(
      'invalid configuration: HOSTING_K8S_NAMESPACE must be a Kubernetes name, got "Bad_Name"',
    );
    expect(() => loadRuntimeSettings({ ...k8s, HOSTING_K8S_APP_VOLUME_LIMIT: '1GB' })).toThrow(
      'invalid configuration: HOSTING_K8S_APP_VOLUME_LIMIT must be a quantity such as 1Gi, got "1GB"',
    );
    expect(() => loadRuntimeSettings({ ...k8s, HOSTING_K8S_NODE_PERMISSION_FLAG: 'on' })).toThrow(
      /HOSTING_K8S_NODE_PERMISSION_FLAG/,
    );
  });
});

describe('lease settings', () => {
  it('validates the lease settings, naming the variable', () => {
    expect(loadLeaseSettings({}, 3105)).toEqual({
      heartbeatMs: 2000,
      ttlMs: 10_000,
      handoffWaitMs: 30_000,
      address: 'http://127.0.0.1:3105',
    });
    expect(() => loadLeaseSettings({ HOSTING_LEASE_TTL_MS: '4000' }, 3105)).toThrow(/HOSTING_LEASE_TTL_MS/);
    expect(() => loadLeaseSettings({ HOSTING_LEASE_HEARTBEAT_MS: 'soon' }, 3105)).toThrow(
      /HOSTING_LEASE_HEARTBEAT_MS/,
    );
    expect(() => loadLeaseSettings({ HOSTING_WORKER_ADDRESS: 'not a url' }, 3105)).toThrow(
      /HOSTING_WORKER_ADDRESS/,
    );
    expect(loadLeaseSettings({ HOSTING_WORKER_ADDRESS: 'http://10.0.0.7:3105/' }, 3105).address).toBe(
      'http://10.0.0.7:3105',
    );
  });
});

describe('maintenance settings', () => {
  it('reads and checks the intervals', () => {
    expect(
      loadMaintenanceSettings({
        HOSTING_LOG_RETENTION_EVERY_MS: '1000',
        HOSTING_BUILD_PRUNE_EVERY_MS: '2000',
      }),
    ).toEqual({ retentionEveryMs: 1000, pruneEveryMs: 2000 });
    expect(() => loadMaintenanceSettings({ HOSTING_LOG_RETENTION_EVERY_MS: '86400001' })).toThrow(
      /HOSTING_LOG_RETENTION_EVERY_MS/,
    );
  });
});
