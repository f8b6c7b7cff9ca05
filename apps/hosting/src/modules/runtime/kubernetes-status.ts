import { constants } from 'node:os';
import type { V1ContainerStatus, V1Deployment, V1Pod } from '@kubernetes/client-node';
import { exitDescription } from './instance-exit';
import { APP_CONTAINER, CONFIG_HASH_ANNOTATION } from './kubernetes-objects';
import type {
  InstanceRuntimeStatus,
  RuntimeState,
  StartFailureReason,
  VariantKey,
  VariantRuntimeStatus,
} from './runtime-driver';

/**
 * What the API server says of a variant, turned into the runtime status the worker reports. Pure:
 * the driver reads the Deployment and its pods, these functions interpret them.
 */

/** The Deployment and the pods its selector matches, as read together. */
export interface VariantObservation {
  deployment: V1Deployment | null;
  pods: V1Pod[];
}

export interface StatusOptions {
  /** A pod of the current version restarted this often without becoming ready is FAILED. */
  failAfterRestarts: number;
  /** Where the Service answers (`http://host:port`), reported while a pod is ready. */
  endpoint: string;
}

function appStatus(pod: V1Pod): V1ContainerStatus | undefined {
  return pod.status?.containerStatuses?.find((c) => c.name === APP_CONTAINER);
}

function isReady(pod: V1Pod): boolean {
  return pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

/** The config hash of the Deployment's pod template: the version a rollout brings up. */
export function desiredConfigHash(deployment: V1Deployment): string | undefined {
  return deployment.spec?.template.metadata?.annotations?.[CONFIG_HASH_ANNOTATION];
}

/** Pods of the version the Deployment asks for, not being deleted, newest first. */
export function currentPods(observation: VariantObservation): V1Pod[] {
  const { deployment, pods } = observation;
  if (!deployment) return [];
  const hash = desiredConfigHash(deployment);
  return pods
    .filter(
      (p) => !p.metadata?.deletionTimestamp && p.metadata?.annotations?.[CONFIG_HASH_ANNOTATION] === hash,
    )
    .sort((a, b) => time(b.metadata?.creationTimestamp) - time(a.metadata?.creationTimestamp));
}

function time(value: Date | undefined): number {
  return value ? new Date(value).getTime() : 0;
}

/** The signal name of a container exit code above 128 (137 → SIGKILL), as a shell reports it. */
export function signalOfExitCode(code: number | null): string | null {
  if (code === null || code <= 128) return null;
  const number = code - 128;
  const entry = Object.entries(constants.signals).find(([, n]) => n === number);
  return entry ? entry[0] : null;
}

/** Exit code and reason of the app container's last end, current or previous instance. */
function lastTermination(status: V1ContainerStatus | undefined): { exitCode: number; reason: string } | null {
  const terminated = status?.state?.terminated ?? status?.lastState?.terminated;
  if (!terminated) return null;
  return { exitCode: terminated.exitCode, reason: terminated.reason ?? 'Terminated' };
}

/**
 * A pod's last end as the status tells it (`lastExit`, `lastFailure`): `OOMKilled` (the container
 * went over its memory limit, the cluster's cgroup) is `out of memory` with the reason RESOURCES;
 * any other end is its signal or exit code, with the reason EXITED.
 */
export function podEnd(end: { exitCode: number; reason: string } | null): {
  lastExit: string | null;
  lastFailure: StartFailureReason | null;
} {
  if (!end) return { lastExit: null, lastFailure: null };
  const signal = signalOfExitCode(end.exitCode);
  if (end.reason === 'OOMKilled')
    return {
      lastExit: exitDescription({ exitCode: end.exitCode, signal, exceeded: 'memory' }),
      lastFailure: {
        kind: 'RESOURCES',
        resource: 'memory',
        detail: 'the cluster killed it at its memory limit (OOMKilled)',
      },
    };
  return {
    lastExit: exitDescription({ exitCode: end.exitCode, signal }),
    lastFailure: { kind: 'EXITED', exitCode: end.exitCode, signal },
  };
}

/**
 * Why the current pod does not serve, in words for the status endpoint: the container's waiting
 * reason (CrashLoopBackOff, ImagePullBackOff, CreateContainerConfigError…), its last exit, or a
 * readiness probe that keeps failing (the pod runs and is not ready).
 */
export function notReadyReason(pod: V1Pod): string | null {
  const status = appStatus(pod);
  const restarts = status?.restartCount ?? 0;
  const end = lastTermination(status);
  const exit = end ? `, last exit code ${end.exitCode} (${end.reason})` : '';
  const waiting = status?.state?.waiting;
  if (waiting?.reason && waiting.reason !== 'ContainerCreating' && waiting.reason !== 'PodInitializing') {
    const message = waiting.message ? `: ${waiting.message}` : '';
    return `container ${APP_CONTAINER} ${waiting.reason}${message} (${restarts} restarts${exit})`;
  }
  if (status?.state?.running && !isReady(pod)) {
    return `container ${APP_CONTAINER} runs but is not ready: its readiness probe (TCP on the app's port) fails (${restarts} restarts${exit})`;
  }
  if (end && !isReady(pod)) return `container ${APP_CONTAINER} exited (${restarts} restarts${exit})`;
  const unschedulable = pod.status?.conditions?.find(
    (c) => c.type === 'PodScheduled' && c.status === 'False',
  );
  if (unschedulable)
    return `pod not scheduled: ${unschedulable.message ?? unschedulable.reason ?? 'pending'}`;
  return null;
}

/** The runtime state an observation amounts to. */
export function stateOf(observation: VariantObservation, failAfterRestarts: number): RuntimeState {
  const { deployment } = observation;
  if (!deployment) return 'STOPPED';
  if (deployment.metadata?.deletionTimestamp) return 'STOPPING';
  const progressing = deployment.status?.conditions?.find((c) => c.type === 'Progressing');
  if (progressing?.status === 'False' && progressing.reason === 'ProgressDeadlineExceeded') return 'FAILED';
  const pods = currentPods(observation);
  if (pods.some(isReady)) return 'RUNNING';
  const restarts = Math.max(0, ...pods.map((p) => appStatus(p)?.restartCount ?? 0));
  if (restarts >= failAfterRestarts) return 'FAILED';
  return restarts > 0 ? 'RESTARTING' : 'STARTING';
}

/**
 * The full status. restarts, exit code, start and ready times are those of the newest pod of the
 * current version (a redeploy starts at zero restarts, as a local start() does); the endpoint is
 * reported while any pod behind the Service is ready, which during a redeploy is the old one.
 */
export function toRuntimeStatus(
  key: VariantKey,
  observation: VariantObservation,
  options: StatusOptions,
): VariantRuntimeStatus {
  const state = stateOf(observation, options.failAfterRestarts);
  const pod = currentPods(observation)[0];
  const container = pod ? appStatus(pod) : undefined;
  const end = lastTermination(container);
  const readyCondition = pod?.status?.conditions?.find((c) => c.type === 'Ready' && c.status === 'True');
  const serving = state !== 'STOPPED' && state !== 'STOPPING' && observation.pods.some(isReady);
  const url = new URL(options.endpoint);
  const progressing = observation.deployment?.status?.conditions?.find((c) => c.type === 'Progressing');
  const lastError =
    state === 'RUNNING' || state === 'STOPPED'
      ? null
      : state === 'FAILED' && progressing?.status === 'False'
        ? `rollout failed: ${progressing.message ?? progressing.reason}`
        : pod
          ? notReadyReason(pod)
          : null;
  return {
    key,
    state,
    host: state === 'STOPPED' ? null : url.hostname,
    port: state === 'STOPPED' ? null : Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    endpoint: serving ? options.endpoint : null,
    isolation: state === 'STOPPED' ? null : 'CLUSTER',
    pid: null,
    restarts: container?.restartCount ?? 0,
    startedAt: toDate(container?.state?.running?.startedAt ?? pod?.status?.startTime),
    readyAt: readyCondition ? toDate(readyCondition.lastTransitionTime) : null,
    lastExitCode: end?.exitCode ?? null,
    lastSignal: signalOfExitCode(end?.exitCode ?? null),
    lastError,
    instances: instancesOf(observation),
    // The Service balances over the ready pods: one endpoint for the proxy.
    endpoints: serving ? [options.endpoint] : [],
  };
}

/**
 * One instance per pod not being deleted, oldest first (index = position): its restarts
 * (restartCount) and last exit (lastState.terminated) as the kubelet reports them. Pods have no
 * endpoint of their own here: traffic goes through the Service.
 */
export function instancesOf(observation: VariantObservation): InstanceRuntimeStatus[] {
  return observation.pods
    .filter((p) => !p.metadata?.deletionTimestamp)
    .sort((a, b) => time(a.metadata?.creationTimestamp) - time(b.metadata?.creationTimestamp))
    .map((pod, index) => {
      const container = appStatus(pod);
      const end = lastTermination(container);
      const restarts = container?.restartCount ?? 0;
      const ready = isReady(pod);
      const readyCondition = pod.status?.conditions?.find((c) => c.type === 'Ready' && c.status === 'True');
      return {
        index,
        id: pod.metadata?.name ?? String(index),
        state: ready ? 'RUNNING' : restarts > 0 ? 'RESTARTING' : 'STARTING',
        endpoint: null,
        port: null,
        pid: null,
        restarts,
        crashes: restarts,
        lastExitCode: end?.exitCode ?? null,
        lastSignal: signalOfExitCode(end?.exitCode ?? null),
        ...podEnd(end),
        // The metrics API is not read: usage is not measured on this runtime.
        memoryBytes: null,
        // The Service sends traffic to ready pods only (readinessProbe = the health check).
        inRotation: ready,
        lastError: ready ? null : notReadyReason(pod),
        startedAt: toDate(container?.state?.running?.startedAt ?? pod.status?.startTime),
        readyAt: readyCondition ? toDate(readyCondition.lastTransitionTime) : null,
      };
    });
}

function toDate(value: Date | undefined): Date | null {
  return value ? new Date(value) : null;
}
