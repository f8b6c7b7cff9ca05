export * from './runtime-driver';
export { LocalProcessDriver } from './local-process-driver';
export type { BackoffOptions, LocalProcessDriverOptions } from './local-process-driver';
export {
  KubernetesDriver,
  buildDeployment,
  buildSecret,
  buildService,
  resourceName,
  secretName,
  stateOf,
} from './kubernetes-driver';
export type {
  Deployment,
  DeploymentState,
  KubernetesApi,
  KubernetesDriverOptions,
  Secret,
  Service,
} from './kubernetes-driver';
export { LineSplitter, logLevelOf } from './log-lines';
