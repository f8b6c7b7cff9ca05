// An in-process Kubernetes API server for the Kubernetes runtime driver's tests (plain node:http).
// It serves what @kubernetes/client-node calls: API discovery, server-side apply (PATCH with
// application/apply-patch+yaml), GET, DELETE, pods by label selector and the pod log with follow
// as a chunked stream. Like a real API server it refuses, with 422, any object that fails the
// Kubernetes schema (kubernetes-models' validate()). Its controller plays what a cluster does:
// a Deployment gets a pod per template version, the pod starts, becomes ready (or crashes and is
// restarted with CrashLoopBackOff, or runs and never passes its readiness probe), the old pod goes
// once the new one is ready, a deleted pod is replaced. Time moves in steps of `stepMs`.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import type { ModelData } from '@kubernetes-models/base';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { Ingress, type IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IContainerStatus } from 'kubernetes-models/v1/ContainerStatus';
import type { IPod } from 'kubernetes-models/v1/Pod';
import { Secret, type ISecret } from 'kubernetes-models/v1/Secret';
import { Service, type IService } from 'kubernetes-models/v1/Service';
import { errorMessage } from '@platform/errors';

/** What the app in a pod does: answers (ready), exits (crash loop), or runs without answering. */
export type AppBehaviour =
  | { kind: 'serve'; lines?: string[] }
  | { kind: 'crash'; exitCode: number; lines?: string[] }
  | { kind: 'unready'; lines?: string[] };

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
}

type StoredObject = IDeployment | IService | ISecret | IIngress;

interface LogEntry {
  timestamp: string;
  key: bigint;
  line: string;
  containerId: string;
}

interface FakePod {
  pod: IPod;
  behaviour: AppBehaviour;
  /** Steps until the next transition of the app container. */
  countdown: number;
  phase: 'creating' | 'running' | 'ready' | 'terminated' | 'backoff';
  containerId: string | null;
  logs: LogEntry[];
  followers: Set<{ containerId: string; write: (entry: LogEntry) => void; end: () => void }>;
}

const RESOURCES: Record<string, { apiVersion: string; kind: string }> = {
  deployments: { apiVersion: 'apps/v1', kind: 'Deployment' },
  services: { apiVersion: 'v1', kind: 'Service' },
  secrets: { apiVersion: 'v1', kind: 'Secret' },
  ingresses: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' },
};

const CONFIG_HASH = 'hosting.platform/config-hash';

function status(code: number, reason: string, message: string) {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code, reason, message };
}

/** Checks an object the way the API server's schema does; returns the refusal, or null. */
function schemaError(body: StoredObject): string | null {
  try {
    if (body.kind === 'Deployment') new Deployment(body as ModelData<IDeployment>).validate();
    else if (body.kind === 'Service') new Service(body as ModelData<IService>).validate();
    else if (body.kind === 'Ingress') new Ingress(body as ModelData<IIngress>).validate();
    else new Secret(body as ModelData<ISecret>).validate();
    return null;
  } catch (e) {
    return errorMessage(e);
  }
}

function matches(labels: Record<string, string> | undefined, selector: string | null): boolean {
  if (!selector) return true;
  return selector
    .split(',')
    .filter(Boolean)
    .every((term) => {
      const [k, v] = term.split('=');
      return labels?.[k] === v;
    });
}

export class FakeKubernetesApi {
  readonly requests: RecordedRequest[] = [];
  /** How a new pod of a Deployment behaves; tests swap it per scenario. */
  behaviour: (deployment: IDeployment) => AppBehaviour = () => ({ kind: 'serve' });
  private readonly objects = new Map<string, StoredObject>();
  private readonly pods = new Map<string, FakePod>();
  private readonly sockets = new Set<import('node:net').Socket>();
  private server: http.Server | null = null;
  private timer: NodeJS.Timeout | null = null;
  private resourceVersion = 1;
  private lastKey = 0n;

  constructor(private readonly stepMs = 15) {}

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        if (!res.headersSent) this.json(res, 500, status(500, 'InternalError', String(e)));
        else res.end();
      });
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.timer = setInterval(() => this.step(), this.stepMs);
    return this.url;
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  /** A KubeConfig for this server (plain HTTP needs skipTLSVerify in client-node). */
  kubeConfig(): KubeConfig {
    const config = new KubeConfig();
    config.loadFromOptions({
      clusters: [{ name: 'fake', server: this.url, skipTLSVerify: true }],
      users: [{ name: 'hosting-worker', token: 'fake-token' }],
      contexts: [{ name: 'fake', cluster: 'fake', user: 'hosting-worker' }],
      currentContext: 'fake',
    });
    return config;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const pod of this.pods.values()) for (const f of pod.followers) f.end();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  // ---- what tests look at and do --------------------------------------------------------------

  object(
    kind: 'Deployment' | 'Service' | 'Secret' | 'Ingress',
    namespace: string,
    name: string,
  ): StoredObject | undefined {
    return this.objects.get(`${kind}/${namespace}/${name}`);
  }

  podsOf(deploymentName: string): IPod[] {
    return [...this.pods.values()]
      .map((p) => p.pod)
      .filter((p) => p.metadata?.labels?.['app.kubernetes.io/name'] === deploymentName);
  }

  /** Requests that wrote (PATCH) or deleted a Deployment. */
  deploymentWrites(): RecordedRequest[] {
    return this.requests.filter((r) => r.method !== 'GET' && r.path.includes('/deployments/'));
  }

  /** Deletes an object behind the driver's back (an operator's `kubectl delete`). */
  deleteObject(kind: 'Deployment' | 'Service' | 'Secret' | 'Ingress', namespace: string, name: string): void {
    this.objects.delete(`${kind}/${namespace}/${name}`);
    if (kind === 'Deployment') for (const p of this.podsOf(name)) this.deletePod(p.metadata?.name ?? '');
  }

  /** The app of a running pod writes a line. */
  write(podName: string, line: string): void {
    const pod = this.pods.get(podName);
    if (!pod?.containerId || (pod.phase !== 'running' && pod.phase !== 'ready'))
      throw new Error(`pod ${podName} is not running`);
    this.append(pod, line);
  }

  /** Deletes a pod as `kubectl delete pod` (or an eviction) would; its ReplicaSet replaces it. */
  deletePod(podName: string): void {
    const pod = this.pods.get(podName);
    if (!pod) return;
    this.pods.delete(podName);
    for (const f of pod.followers) f.end();
  }

  // ---- the cluster's behaviour -----------------------------------------------------------------

  private nextTimestamp(): { timestamp: string; key: bigint } {
    let key = BigInt(Date.now()) * 1_000_000n;
    if (key <= this.lastKey) key = this.lastKey + 1n;
    this.lastKey = key;
    const seconds = Number(key / 1_000_000_000n) * 1000;
    const nanos = (key % 1_000_000_000n).toString().padStart(9, '0');
    return { timestamp: `${new Date(seconds).toISOString().slice(0, 19)}.${nanos}Z`, key };
  }

  private append(pod: FakePod, line: string): void {
    if (!pod.containerId) return;
    const entry: LogEntry = { ...this.nextTimestamp(), line, containerId: pod.containerId };
    pod.logs.push(entry);
    for (const f of pod.followers) if (f.containerId === entry.containerId) f.write(entry);
  }

  private app(pod: FakePod): IContainerStatus {
    const statuses = pod.pod.status?.containerStatuses ?? [];
    return statuses[0];
  }

  private setReady(pod: FakePod, ready: boolean): void {
    const now = new Date().toISOString();
    const conditions = (pod.pod.status?.conditions ?? []).filter((c) => c.type !== 'Ready');
    conditions.push({
      type: 'Ready',
      status: ready ? 'True' : 'False',
      lastTransitionTime: now,
      ...(ready ? {} : { reason: 'ContainersNotReady', message: 'containers with unready status: [app]' }),
    });
    if (pod.pod.status) pod.pod.status.conditions = conditions;
    this.app(pod).ready = ready;
  }

  private launch(pod: FakePod): void {
    pod.containerId = `containerd://${randomUUID()}`;
    const app = this.app(pod);
    app.containerID = pod.containerId;
    app.state = { running: { startedAt: new Date().toISOString() } };
    app.started = true;
    if (pod.pod.status) pod.pod.status.phase = 'Running';
    pod.phase = 'running';
    pod.countdown = 2;
    for (const line of pod.behaviour.lines ?? []) this.append(pod, line);
  }

  private createPod(deployment: IDeployment): void {
    const template = deployment.spec?.template;
    const hash = template?.metadata?.annotations?.[CONFIG_HASH] ?? 'none';
    const name = `${deployment.metadata?.name}-${hash.slice(0, 8)}-${randomUUID().slice(0, 5)}`;
    const now = new Date().toISOString();
    const pod: IPod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        namespace: deployment.metadata?.namespace,
        uid: randomUUID(),
        creationTimestamp: now,
        labels: { ...template?.metadata?.labels, 'pod-template-hash': hash.slice(0, 8) },
        annotations: { ...template?.metadata?.annotations },
      },
      spec: template?.spec ?? { containers: [] },
      status: {
        phase: 'Pending',
        startTime: now,
        conditions: [{ type: 'PodScheduled', status: 'True', lastTransitionTime: now }],
        containerStatuses: [
          {
            name: 'app',
            image: template?.spec?.containers[0]?.image ?? '',
            imageID: '',
            ready: false,
            restartCount: 0,
            state: { waiting: { reason: 'PodInitializing' } },
          },
        ],
      },
    };
    this.pods.set(name, {
      pod,
      behaviour: this.behaviour(deployment),
      countdown: 1,
      phase: 'creating',
      containerId: null,
      logs: [],
      followers: new Set(),
    });
    this.setReady(this.pods.get(name) as FakePod, false);
  }

  private step(): void {
    for (const pod of this.pods.values()) this.stepPod(pod);
    for (const object of this.objects.values()) if (object.kind === 'Deployment') this.reconcile(object);
  }

  private stepPod(pod: FakePod): void {
    pod.countdown -= 1;
    if (pod.countdown > 0) return;
    const app = this.app(pod);
    switch (pod.phase) {
      case 'creating':
      case 'backoff':
        this.launch(pod);
        return;
      case 'running':
        if (pod.behaviour.kind === 'serve') {
          pod.phase = 'ready';
          this.setReady(pod, true);
        } else if (pod.behaviour.kind === 'crash') {
          const terminated = {
            exitCode: pod.behaviour.exitCode,
            reason: 'Error',
            startedAt: app.state?.running?.startedAt,
            finishedAt: new Date().toISOString(),
            containerID: pod.containerId ?? undefined,
          };
          app.state = { terminated };
          pod.phase = 'terminated';
          pod.countdown = 1;
          for (const f of pod.followers) if (f.containerId === pod.containerId) f.end();
        } else {
          pod.countdown = Number.POSITIVE_INFINITY;
        }
        return;
      case 'terminated':
        app.lastState = { terminated: app.state?.terminated };
        app.restartCount += 1;
        app.state = {
          waiting: {
            reason: 'CrashLoopBackOff',
            message: `back-off 10s restarting failed container=app pod=${pod.pod.metadata?.name}`,
          },
        };
        pod.phase = 'backoff';
        pod.containerId = null;
        pod.countdown = 2;
        return;
      case 'ready':
        return;
    }
  }

  /** The Deployment controller: one pod of the current template, old ones go once it is ready. */
  private reconcile(deployment: IDeployment): void {
    const name = deployment.metadata?.name ?? '';
    const hash = deployment.spec?.template.metadata?.annotations?.[CONFIG_HASH];
    const pods = [...this.pods.values()].filter(
      (p) => p.pod.metadata?.labels?.['app.kubernetes.io/name'] === name,
    );
    const current = pods.filter((p) => p.pod.metadata?.annotations?.[CONFIG_HASH] === hash);
    if (current.length === 0) this.createPod(deployment);
    const currentReady = current.some((p) => p.phase === 'ready');
    if (currentReady) {
      for (const old of pods) {
        if (old.pod.metadata?.annotations?.[CONFIG_HASH] !== hash)
          this.deletePod(old.pod.metadata?.name ?? '');
      }
    }
    const ready = pods.filter((p) => p.phase === 'ready').length;
    const now = new Date().toISOString();
    deployment.status = {
      observedGeneration: deployment.metadata?.generation,
      replicas: pods.length,
      updatedReplicas: current.length,
      readyReplicas: ready,
      availableReplicas: ready,
      conditions: [
        {
          type: 'Available',
          status: ready > 0 ? 'True' : 'False',
          lastUpdateTime: now,
          lastTransitionTime: now,
        },
        {
          type: 'Progressing',
          status: 'True',
          reason: currentReady ? 'NewReplicaSetAvailable' : 'ReplicaSetUpdated',
          lastUpdateTime: now,
          lastTransitionTime: now,
        },
      ],
    };
  }

  // ---- HTTP ------------------------------------------------------------------------------------

  private json(res: http.ServerResponse, code: number, body: unknown): void {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    this.requests.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      contentType: req.headers['content-type'],
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = url.pathname;

    if (method === 'GET' && path === '/api/v1') return this.json(res, 200, this.discovery('v1'));
    if (method === 'GET' && path === '/apis/apps/v1') return this.json(res, 200, this.discovery('apps/v1'));
    if (method === 'GET' && path === '/apis/networking.k8s.io/v1')
      return this.json(res, 200, this.discovery('networking.k8s.io/v1'));

    const log = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/log$/.exec(path);
    if (log && method === 'GET') return this.podLog(res, log[2], url.searchParams);

    const podList = /^\/api\/v1\/namespaces\/([^/]+)\/pods$/.exec(path);
    if (podList && method === 'GET') {
      const items = [...this.pods.values()]
        .map((p) => p.pod)
        .filter(
          (p) =>
            p.metadata?.namespace === podList[1] &&
            matches(p.metadata?.labels, url.searchParams.get('labelSelector')),
        );
      return this.json(res, 200, {
        kind: 'PodList',
        apiVersion: 'v1',
        metadata: { resourceVersion: String(this.resourceVersion) },
        items,
      });
    }
    const pod = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)$/.exec(path);
    if (pod && method === 'DELETE') {
      if (!this.pods.has(pod[2]))
        return this.json(res, 404, status(404, 'NotFound', `pods "${pod[2]}" not found`));
      this.deletePod(pod[2]);
      return this.json(res, 200, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' });
    }

    const collection =
      /^\/(?:api\/v1|apis\/apps\/v1|apis\/networking\.k8s\.io\/v1)\/namespaces\/([^/]+)\/(deployments|services|secrets|ingresses)$/.exec(
        path,
      );
    if (collection && method === 'GET') {
      const { apiVersion, kind } = RESOURCES[collection[2]];
      const items = [...this.objects.values()].filter(
        (o) =>
          o.kind === kind &&
          o.metadata?.namespace === collection[1] &&
          matches(o.metadata?.labels, url.searchParams.get('labelSelector')),
      );
      return this.json(res, 200, {
        kind: `${kind}List`,
        apiVersion,
        metadata: { resourceVersion: String(this.resourceVersion) },
        items,
      });
    }

    const object =
      /^\/(?:api\/v1|apis\/apps\/v1|apis\/networking\.k8s\.io\/v1)\/namespaces\/([^/]+)\/(deployments|services|secrets|ingresses)\/([^/]+)$/.exec(
        path,
      );
    if (!object) return this.json(res, 404, status(404, 'NotFound', `the server could not find ${path}`));
    const [, namespace, resource, name] = object;
    const { kind } = RESOURCES[resource];
    const id = `${kind}/${namespace}/${name}`;
    if (method === 'GET') {
      const found = this.objects.get(id);
      if (!found) return this.json(res, 404, status(404, 'NotFound', `${resource} "${name}" not found`));
      return this.json(res, 200, found);
    }
    if (method === 'DELETE') {
      const found = this.objects.get(id);
      if (!found) return this.json(res, 404, status(404, 'NotFound', `${resource} "${name}" not found`));
      this.objects.delete(id);
      if (kind === 'Deployment') for (const p of this.podsOf(name)) this.deletePod(p.metadata?.name ?? '');
      return this.json(res, 200, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' });
    }
    if (method === 'PATCH') return this.apply(res, req, url, id, namespace, name, kind, body);
    return this.json(res, 405, status(405, 'MethodNotAllowed', `${method} is not supported`));
  }

  private discovery(groupVersion: string) {
    const resource = (name: string, kind: string) => ({
      name,
      singularName: kind.toLowerCase(),
      namespaced: true,
      kind,
      verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
    });
    return {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion,
      resources:
        groupVersion === 'v1'
          ? [resource('pods', 'Pod'), resource('services', 'Service'), resource('secrets', 'Secret')]
          : groupVersion === 'apps/v1'
            ? [resource('deployments', 'Deployment')]
            : [resource('ingresses', 'Ingress')],
    };
  }

  /** Server-side apply: create or update, the way a real server answers what it refuses. */
  private apply(
    res: http.ServerResponse,
    req: http.IncomingMessage,
    url: URL,
    id: string,
    namespace: string,
    name: string,
    kind: string,
    text: string,
  ): void {
    if (req.headers['content-type'] !== 'application/apply-patch+yaml')
      return this.json(res, 415, status(415, 'UnsupportedMediaType', 'only server-side apply is served'));
    if (!url.searchParams.get('fieldManager'))
      return this.json(res, 400, status(400, 'BadRequest', 'fieldManager is required for apply requests'));
    let body: StoredObject;
    try {
      // JSON is YAML: client-node sends the apply patch as JSON.
      body = JSON.parse(text) as StoredObject;
    } catch {
      return this.json(res, 400, status(400, 'BadRequest', 'the apply patch is not valid YAML'));
    }
    if (
      body.kind !== kind ||
      body.metadata?.name !== name ||
      (body.metadata?.namespace ?? namespace) !== namespace
    )
      return this.json(res, 400, status(400, 'BadRequest', 'the object does not match the request path'));
    const invalid = schemaError(body);
    if (invalid)
      return this.json(res, 422, status(422, 'Invalid', `${kind} "${name}" is invalid: ${invalid}`));

    const existing = this.objects.get(id);
    const stored = structuredClone(body);
    stored.metadata = {
      ...stored.metadata,
      namespace,
      uid: existing?.metadata?.uid ?? randomUUID(),
      creationTimestamp: existing?.metadata?.creationTimestamp ?? new Date().toISOString(),
      resourceVersion: String((this.resourceVersion += 1)),
    };
    if (stored.kind === 'Deployment') {
      const before = existing?.kind === 'Deployment' ? existing : undefined;
      const changed = !before || JSON.stringify(before.spec) !== JSON.stringify(stored.spec);
      stored.metadata.generation = (before?.metadata?.generation ?? 0) + (changed ? 1 : 0);
      stored.status = before?.status;
    }
    if (stored.kind === 'Service' && stored.spec) {
      const before = existing?.kind === 'Service' ? existing : undefined;
      stored.spec.clusterIP = before?.spec?.clusterIP ?? `10.96.0.${this.objects.size + 10}`;
    }
    this.objects.set(id, stored);
    if (stored.kind === 'Deployment') this.reconcile(stored);
    this.json(res, existing ? 200 : 201, stored);
  }

  private podLog(res: http.ServerResponse, name: string, query: URLSearchParams): void {
    const pod = this.pods.get(name);
    if (!pod) return this.json(res, 404, status(404, 'NotFound', `pods "${name}" not found`));
    const app = this.app(pod);
    const previous = query.get('previous') === 'true';
    const containerId = previous ? app.lastState?.terminated?.containerID : (app.containerID ?? undefined);
    const waiting = !previous && app.state?.waiting;
    if (!containerId || waiting) {
      const why = waiting ? `is waiting to start: ${app.state?.waiting?.reason}` : 'has no previous instance';
      return this.json(res, 400, status(400, 'BadRequest', `container "app" in pod "${name}" ${why}`));
    }
    const since = query.get('sinceTime');
    const sinceKey = since ? BigInt(Date.parse(since)) * 1_000_000n : null;
    const timestamps = query.get('timestamps') === 'true';
    const format = (e: LogEntry) => (timestamps ? `${e.timestamp} ${e.line}\n` : `${e.line}\n`);
    res.writeHead(200, { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' });
    for (const entry of pod.logs) {
      if (entry.containerId === containerId && (sinceKey === null || entry.key >= sinceKey))
        res.write(format(entry));
    }
    const running = !previous && app.state?.running && pod.containerId === containerId;
    if (query.get('follow') !== 'true' || !running) {
      res.end();
      return;
    }
    const follower = {
      containerId,
      write: (entry: LogEntry) => res.write(format(entry)),
      end: () => {
        pod.followers.delete(follower);
        res.end();
      },
    };
    pod.followers.add(follower);
    res.on('close', () => pod.followers.delete(follower));
  }
}
