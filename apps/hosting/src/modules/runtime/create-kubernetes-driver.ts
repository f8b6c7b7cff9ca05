import type { KubeConfig } from '@kubernetes/client-node';
import type { KubernetesDriver, KubernetesDriverOptions } from './kubernetes-driver';

export interface KubernetesRuntimeOptions extends KubernetesDriverOptions {
  /**
   * The cluster to talk to. Default: `KubeConfig.loadFromDefault()`, which takes `KUBECONFIG`
   * (or ~/.kube/config) when there is one and otherwise the in-cluster config: the pod's
   * ServiceAccount token and CA, and KUBERNETES_SERVICE_HOST/PORT. Tests pass their own.
   */
  kubeConfig?: KubeConfig;
}

/**
 * Builds the Kubernetes runtime driver (HOSTING_RUNTIME=kubernetes). Asynchronous because it loads
 * `@kubernetes/client-node` only here: a worker on the local runtime never loads the client (an
 * ES module that Node 20.19+ can require, and a few MB of generated API code).
 *
 * Suggested environment, read by the worker's config (defaults in brackets):
 * HOSTING_K8S_NAMESPACE → namespace [developer-platform-apps]; HOSTING_K8S_IMAGE → runtimeImage
 * (required, a pinned Node image with `cp`, e.g. node:20.20.2-slim); HOSTING_K8S_BUILDS_CLAIM →
 * buildsClaimName [hosting-builds]; HOSTING_DATA_DIR → dataDir; HOSTING_K8S_SERVICE_URL_TEMPLATE →
 * serviceUrlTemplate [http://{service}.{namespace}.svc.cluster.local:{port}];
 * HOSTING_K8S_NODE_PERMISSION_FLAG → permissionFlag [--experimental-permission; `none` → null];
 * HOSTING_K8S_RUN_AS_USER → runAsUser [10001]; HOSTING_K8S_CPU_REQUEST_MILLICORES →
 * cpuRequestMillicores [50]; HOSTING_K8S_DEFAULT_CPU_MILLICORES → defaultCpuMillicores [500];
 * HOSTING_K8S_APP_VOLUME_LIMIT → appVolumeSizeLimit [1Gi]; HOSTING_K8S_STARTUP_TIMEOUT_MS →
 * startupTimeoutMs [120000]; HOSTING_K8S_POLL_INTERVAL_MS → pollIntervalMs [2000];
 * HOSTING_K8S_FAIL_AFTER_RESTARTS → failAfterRestarts [3]; configHashKey: derive it from
 * SECRETS_ENCRYPTION_KEY (an HMAC key, never the key itself).
 */
export async function createKubernetesDriver(options: KubernetesRuntimeOptions): Promise<KubernetesDriver> {
  const { KubeConfig: Config } = await import('@kubernetes/client-node');
  const { KubernetesDriver: Driver } = await import('./kubernetes-driver');
  const { kubeConfig, ...driverOptions } = options;
  let config = kubeConfig;
  if (!config) {
    config = new Config();
    config.loadFromDefault();
  }
  if (!config.getCurrentCluster()) {
    throw new Error('no Kubernetes cluster configured: set KUBECONFIG or run in a pod with a ServiceAccount');
  }
  return new Driver(config, driverOptions);
}
