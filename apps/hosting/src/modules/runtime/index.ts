export * from './runtime-driver';
export { LocalProcessDriver } from './local-process-driver';
export { SANDBOX_APP_PORT } from './sandbox/sandbox-launch';
export type { BackoffOptions, LocalIsolation, LocalProcessDriverOptions } from './local-process-driver';
// The Kubernetes driver is reached through its factory only, which loads @kubernetes/client-node
// on demand (the local runtime never does).
export { createKubernetesDriver } from './create-kubernetes-driver';
export type { KubernetesRuntimeOptions } from './create-kubernetes-driver';
export type { KubernetesDriver, KubernetesDriverOptions } from './kubernetes-driver';
export type { KubernetesObjectOptions } from './kubernetes-objects';
export { LineSplitter, logLevelOf } from './log-lines';
export type { HealthCheck } from './health-check';
