import {
  ApiException,
  KubernetesObjectApi,
  Log,
  PatchStrategy,
  type KubeConfig,
  type KubernetesObject,
  type V1Deployment,
  type V1Ingress,
  type V1Pod,
} from '@kubernetes/client-node';
import {
  APP_CONTAINER,
  SERVICE_PORT,
  buildVariantObjects,
  labelSelector,
  resourceName,
  secretName,
  selectorLabels,
  type KubernetesObjectOptions,
  type VariantObjects,
} from './kubernetes-objects';
import {
  DOMAIN_INGRESS_LABELS,
  buildDomainIngress,
  domainIngressName,
  readDomainIngress,
  type ExistingDomainIngress,
} from './kubernetes-domain-ingress';
import { PodLogFollower } from './kubernetes-logs';
import { desiredConfigHash, toRuntimeStatus, type VariantObservation } from './kubernetes-status';
import {
  RuntimeStartError,
  secretsToEnv,
  variantKeyId,
  type RuntimeDriver,
  type RuntimeLogLevel,
  type VariantEgress,
  type VariantHandle,
  type VariantKey,
  type VariantRuntimeStatus,
  type VariantSpec,
} from './runtime-driver';
import { errorMessage } from '@platform/errors';

export interface KubernetesDriverOptions extends KubernetesObjectOptions {
  /**
   * Where the worker's proxy reaches a variant's Service: `{service}`, `{namespace}` and `{port}`
   * are replaced. Default `http://{service}.{namespace}.svc.cluster.local:{port}`; tests point it
   * at a local server.
   */
  serviceUrlTemplate?: string;
  /** How often watched variants are read (status, rollout events, new pods for log streaming). */
  pollIntervalMs?: number;
  /** A pod of the current version that restarted this often without becoming ready is FAILED. */
  failAfterRestarts?: number;
  /**
   * HOSTING_APP_EGRESS, reported as the variants' egress: the apps namespace's NetworkPolicies
   * enforce it (`none`: the overlay without `allow-internet-egress`). Default `internet`.
   */
  egress?: 'internet' | 'none';
}

export const DEFAULT_SERVICE_URL_TEMPLATE = 'http://{service}.{namespace}.svc.cluster.local:{port}';
/** Server-side apply's field manager: the fields this driver sets are owned under this name. */
export const FIELD_MANAGER = 'hosting-worker';

/** One variant this driver is attached to: its log sink, its log streams, what it saw last. */
interface VariantWatch {
  key: VariantKey;
  spec: VariantSpec;
  follower: PodLogFollower;
  /** Per pod uid: name, readiness and app restarts at the last poll (for SYSTEM lines). */
  seen: Map<string, { name: string; ready: boolean; restarts: number }> | null;
  /** The restart time this worker put on the pod template (re-applied by scale and later starts). */
  restartedAt?: string;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiException && error.code === 404;
}

/** The API server's own words for a refused request (its Status message), else the error's. */
export function describeApiError(error: unknown): string {
  if (error instanceof ApiException) {
    let body: unknown = error.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON: keep the text
      }
    }
    const message =
      typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
        ? body.message
        : typeof body === 'string' && body
          ? body
          : error.message;
    return `Kubernetes API ${error.code}: ${message}`;
  }
  return errorMessage(error);
}

/**
 * `kubernetes-models` instances serialize to plain API objects; client-node types the same JSON
 * with its own classes (dates as Date), which our objects never set. The shapes agree on the wire.
 */
function applyBody(model: { toJSON(): unknown }): KubernetesObject {
  return model.toJSON() as KubernetesObject;
}

/**
 * The runtime driver on Kubernetes. Per app variant a Secret, a Deployment (one pod, see
 * `buildDeployment`) and a ClusterIP Service in the apps namespace, written with server-side
 * apply (field manager `hosting-worker`, force: the worker owns these objects). The kubelet
 * restarts a crashing container; status, restarts and exit codes come from the Deployment and its
 * pods as the API reports them. While attached to a variant (after start or adopt) the driver
 * polls it every `pollIntervalMs`: rollout events become SYSTEM lines, pod logs are streamed
 * (`PodLogFollower`).
 *
 * What outlives the worker: everything. Pods run in the cluster, not in the worker, so release()
 * and stopAll() only stop watching; stop() alone deletes a variant's objects. A worker shutdown
 * (stopAll) therefore leaves every app running, and the worker that adopts its leases attaches to
 * them (adopt) without restarting anything.
 */
export class KubernetesDriver implements RuntimeDriver {
  readonly isolation = 'CLUSTER' as const;
  readonly egress: VariantEgress;
  private readonly objects: KubernetesObjectApi;
  private readonly log: Log;
  private readonly watches = new Map<string, VariantWatch>();
  private readonly pollIntervalMs: number;
  private readonly failAfterRestarts: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    kubeConfig: KubeConfig,
    private readonly options: KubernetesDriverOptions,
  ) {
    this.objects = KubernetesObjectApi.makeApiClient(kubeConfig);
    this.log = new Log(kubeConfig);
    this.pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.failAfterRestarts = options.failAfterRestarts ?? 3;
    this.egress = options.egress === 'none' ? 'NONE' : 'INTERNET';
  }

  /** Where the variant's Service answers. */
  endpointOf(key: VariantKey): string {
    return (this.options.serviceUrlTemplate ?? DEFAULT_SERVICE_URL_TEMPLATE)
      .replaceAll('{service}', resourceName(key))
      .replaceAll('{namespace}', this.options.namespace)
      .replaceAll('{port}', String(SERVICE_PORT));
  }

  /**
   * Applies the variant's objects and waits for the rollout. `restartedAt` (a restart) changes the
   * pod template, so the pods are replaced one by one even when nothing else changed.
   */
  async start(spec: VariantSpec, restartedAt?: string): Promise<VariantHandle> {
    const watch = this.attach(spec);
    if (restartedAt !== undefined) watch.restartedAt = restartedAt;
    const objects = this.prepare(spec, watch.restartedAt);
    let generation: number;
    try {
      await this.apply(objects.secret);
      const applied = await this.apply(objects.deployment);
      await this.apply(objects.service);
      generation = applied.metadata?.generation ?? 0;
    } catch (e) {
      const reason = `apply failed: ${describeApiError(e)}`;
      this.system(spec, 'ERROR', `failed: ${reason}`);
      throw new RuntimeStartError(spec.key, reason);
    }
    this.system(
      spec,
      'INFO',
      `applied Secret, Deployment and Service ${this.options.namespace}/${resourceName(spec.key)}`,
    );
    return this.awaitRollout(watch, objects, generation);
  }

  /** A rollout restart (`kubectl rollout restart`): new pods one at a time, each ready before an old one goes. */
  restart(spec: VariantSpec): Promise<VariantHandle> {
    return this.start(spec, new Date().toISOString());
  }

  /** Replicas = instances (no rollout: the pod template stays the same). */
  async scale(key: VariantKey, instances: number): Promise<VariantRuntimeStatus> {
    const watch = this.watches.get(variantKeyId(key));
    if (!watch) return this.status(key);
    return this.start({ ...watch.spec, instances });
  }

  async adopt(spec: VariantSpec): Promise<VariantHandle> {
    const objects = this.prepare(spec);
    const applied: string[] = [];
    let generation: number | null = null;
    try {
      for (const model of [objects.secret, objects.deployment, objects.service]) {
        if (await this.exists(model.apiVersion, model.kind, model.metadata?.name ?? '')) continue;
        const result = await this.apply(model);
        applied.push(model.kind);
        if (model.kind === 'Deployment') generation = result.metadata?.generation ?? 0;
      }
    } catch (e) {
      const reason = `adopt failed: ${describeApiError(e)}`;
      this.system(spec, 'ERROR', reason);
      throw new RuntimeStartError(spec.key, reason);
    }
    const watch = this.attach(spec);
    this.system(
      spec,
      'INFO',
      applied.length
        ? `adopted; applied the missing ${applied.join(', ')}`
        : `adopted: attached to ${this.options.namespace}/${resourceName(spec.key)}, nothing restarted`,
    );
    // Only a Deployment this call created has a rollout to wait for.
    if (generation !== null) return this.awaitRollout(watch, objects, generation);
    return this.statusOf(spec.key, await this.refresh(watch));
  }

  async release(key: VariantKey): Promise<void> {
    this.detach(key);
  }

  async stop(key: VariantKey): Promise<void> {
    const watch = this.watches.get(variantKeyId(key));
    this.detach(key);
    const { namespace } = this.options;
    const name = resourceName(key);
    await this.remove('v1', 'Service', name);
    await this.remove('apps/v1', 'Deployment', name);
    await this.remove('v1', 'Secret', secretName(key));
    if (watch)
      this.system(watch.spec, 'INFO', `stopped: deleted Service, Deployment and Secret ${namespace}/${name}`);
  }

  async status(key: VariantKey): Promise<VariantRuntimeStatus> {
    const watch = this.watches.get(variantKeyId(key));
    return this.statusOf(key, watch ? await this.refresh(watch) : await this.observe(key));
  }

  async list(): Promise<VariantRuntimeStatus[]> {
    return Promise.all([...this.watches.values()].map((w) => this.status(w.key)));
  }

  /**
   * Used at worker shutdown: lets go of every variant (release) and deletes nothing. In a
   * cluster the apps must outlive a worker that stops or rolls; the next worker adopts them.
   */
  async stopAll(): Promise<void> {
    for (const watch of [...this.watches.values()]) this.detach(watch.key);
  }

  // ---- internals ---------------------------------------------------------------------------

  /** Builds and validates the objects; a refused spec makes no API call. */
  private prepare(spec: VariantSpec, restartedAt?: string): VariantObjects {
    try {
      const objects = buildVariantObjects({ ...spec, restartedAt }, this.options);
      const { dropped } = secretsToEnv(spec.env);
      if (dropped.length)
        this.system(spec, 'WARN', `secrets not injected (reserved or invalid names): ${dropped.join(', ')}`);
      return objects;
    } catch (e) {
      const message = errorMessage(e);
      this.system(spec, 'ERROR', `failed: ${message}`);
      throw new RuntimeStartError(spec.key, message);
    }
  }

  private async awaitRollout(
    watch: VariantWatch,
    objects: VariantObjects,
    generation: number,
  ): Promise<VariantHandle> {
    const { key } = watch;
    const timeoutMs = this.options.startupTimeoutMs ?? 120_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let observation: VariantObservation;
      try {
        observation = await this.refresh(watch);
      } catch (e) {
        throw this.startFailed(watch, `reading the rollout failed: ${describeApiError(e)}`);
      }
      const status = this.statusOf(key, observation);
      const deployment = observation.deployment;
      const observed = (deployment?.status?.observedGeneration ?? 0) >= generation;
      const ours = deployment !== null && desiredConfigHash(deployment) === objects.configHash;
      if (status.state === 'RUNNING' && observed && ours) {
        this.system(watch.spec, 'INFO', `ready at ${this.endpointOf(key)}`);
        return status;
      }
      if (status.state === 'STOPPED') throw this.startFailed(watch, 'deployment disappeared during rollout');
      if (status.state === 'FAILED' && ours)
        throw this.startFailed(watch, status.lastError ?? 'rollout failed');
      if (Date.now() >= deadline) {
        const why = status.lastError ?? 'no pod of the new version started';
        throw this.startFailed(watch, `not ready within ${timeoutMs} ms: ${why}`);
      }
      await new Promise((resolve) => setTimeout(resolve, this.pollIntervalMs));
    }
  }

  private startFailed(watch: VariantWatch, reason: string): RuntimeStartError {
    this.system(watch.spec, 'ERROR', `failed: ${reason}`);
    return new RuntimeStartError(watch.key, reason);
  }

  private statusOf(key: VariantKey, observation: VariantObservation): VariantRuntimeStatus {
    return toRuntimeStatus(key, observation, {
      failAfterRestarts: this.failAfterRestarts,
      endpoint: this.endpointOf(key),
    });
  }

  private attach(spec: VariantSpec): VariantWatch {
    const id = variantKeyId(spec.key);
    const existing = this.watches.get(id);
    if (existing) {
      existing.spec = spec;
      return existing;
    }
    const watch: VariantWatch = {
      key: spec.key,
      spec,
      seen: null,
      follower: new PodLogFollower({
        log: this.log,
        namespace: this.options.namespace,
        since: new Date(),
        onLine: (line) => watch.spec.onLog(line),
      }),
    };
    this.watches.set(id, watch);
    this.schedule();
    return watch;
  }

  private detach(key: VariantKey): void {
    const id = variantKeyId(key);
    this.watches.get(id)?.follower.close();
    this.watches.delete(id);
    if (this.watches.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  /** One poll loop for every watched variant; it stops when nothing is watched. */
  private schedule(): void {
    if (this.timer || this.watches.size === 0) return;
    this.timer = setTimeout(() => {
      void Promise.all(
        [...this.watches.values()].map((watch) =>
          this.refresh(watch).catch((e: unknown) => {
            this.system(watch.spec, 'WARN', `reading the variant failed: ${describeApiError(e)}`);
          }),
        ),
      ).finally(() => {
        this.timer = null;
        this.schedule();
      });
    }, this.pollIntervalMs);
    // Watching must not keep a worker that is otherwise done alive.
    this.timer.unref();
  }

  /** Reads the variant, turns pod changes into SYSTEM lines and aligns the log streams. */
  private async refresh(watch: VariantWatch): Promise<VariantObservation> {
    const observation = await this.observe(watch.key);
    if (this.watches.get(variantKeyId(watch.key)) !== watch) return observation;
    this.reportPodChanges(watch, observation.pods);
    watch.follower.sync(observation.pods);
    return observation;
  }

  private reportPodChanges(watch: VariantWatch, pods: readonly V1Pod[]): void {
    const now = new Map<string, { name: string; ready: boolean; restarts: number }>();
    for (const pod of pods) {
      const uid = pod.metadata?.uid;
      if (!uid) continue;
      const app = pod.status?.containerStatuses?.find((c) => c.name === APP_CONTAINER);
      now.set(uid, {
        name: pod.metadata?.name ?? uid,
        ready: pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false,
        restarts: app?.restartCount ?? 0,
      });
    }
    const before = watch.seen;
    watch.seen = now;
    // The first poll after attaching is the baseline: what ran before is not news.
    if (!before) return;
    for (const [uid, pod] of now) {
      const was = before.get(uid);
      if (!was) this.system(watch.spec, 'INFO', `pod ${pod.name} created`);
      if (pod.restarts > (was?.restarts ?? 0)) {
        const source = pods.find((p) => p.metadata?.uid === uid);
        const app = source?.status?.containerStatuses?.find((c) => c.name === APP_CONTAINER);
        const end = app?.lastState?.terminated ?? app?.state?.terminated;
        const exit = end ? ` with exit code ${end.exitCode} (${end.reason ?? 'Terminated'})` : '';
        this.system(
          watch.spec,
          'WARN',
          `container ${APP_CONTAINER} of pod ${pod.name} exited${exit}; restart ${pod.restarts}`,
        );
      }
      if (pod.ready && !was?.ready) this.system(watch.spec, 'INFO', `pod ${pod.name} ready`);
      if (!pod.ready && was?.ready) this.system(watch.spec, 'WARN', `pod ${pod.name} not ready`);
    }
    for (const [uid, pod] of before) {
      if (!now.has(uid)) this.system(watch.spec, 'INFO', `pod ${pod.name} gone`);
    }
  }

  private async observe(key: VariantKey): Promise<VariantObservation> {
    const { namespace } = this.options;
    const name = resourceName(key);
    const [deployment, pods] = await Promise.all([
      this.objects
        .read<V1Deployment>({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace } })
        .catch((e: unknown) => {
          if (isNotFound(e)) return null;
          throw e;
        }),
      this.objects.list<V1Pod>(
        'v1',
        'Pod',
        namespace,
        undefined,
        undefined,
        undefined,
        undefined,
        labelSelector(selectorLabels(key)),
      ),
    ]);
    return { deployment, pods: pods.items };
  }

  private apply(model: { toJSON(): unknown }): Promise<KubernetesObject> {
    return this.objects.patch(
      applyBody(model),
      undefined,
      undefined,
      FIELD_MANAGER,
      true,
      PatchStrategy.ServerSideApply,
    );
  }

  private async exists(apiVersion: string, kind: string, name: string): Promise<boolean> {
    try {
      await this.objects.read({ apiVersion, kind, metadata: { name, namespace: this.options.namespace } });
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }

  private async remove(apiVersion: string, kind: string, name: string): Promise<void> {
    try {
      await this.objects.delete(
        { apiVersion, kind, metadata: { name, namespace: this.options.namespace } },
        undefined,
        undefined,
        undefined,
        undefined,
        'Background',
      );
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }

  /**
   * The Ingress of an ACTIVE custom domain (kubernetes-domain-ingress.ts), applied server-side:
   * idempotent, so a retried job or a second worker changes nothing.
   */
  async applyDomainIngress(hostname: string, key: VariantKey, clusterIssuer: string): Promise<void> {
    await this.apply(buildDomainIngress(hostname, key, { namespace: this.options.namespace, clusterIssuer }));
  }

  /** Removes a detached custom domain's Ingress (gone already: nothing to do). */
  async removeDomainIngress(hostname: string): Promise<void> {
    await this.remove('networking.k8s.io/v1', 'Ingress', domainIngressName(hostname));
  }

  /** The custom domains' Ingresses in the apps namespace (DOMAIN_INGRESS_LABELS), for the reconcile. */
  async listDomainIngresses(): Promise<ExistingDomainIngress[]> {
    const list = await this.objects.list<V1Ingress>(
      'networking.k8s.io/v1',
      'Ingress',
      this.options.namespace,
      undefined,
      undefined,
      undefined,
      undefined,
      labelSelector({ ...DOMAIN_INGRESS_LABELS }),
    );
    return list.items.flatMap((ingress) => readDomainIngress(ingress) ?? []);
  }

  private system(spec: VariantSpec, level: RuntimeLogLevel, message: string): void {
    try {
      spec.onLog({ at: new Date(), source: 'SYSTEM', level, message });
    } catch {
      // The log sink must not break the driver.
    }
  }
}
