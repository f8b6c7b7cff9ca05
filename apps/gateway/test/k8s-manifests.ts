// Renders the kustomize overlays under k8s/overlays and the compose file, for the manifest specs
// of this folder. kubectl (with its built-in kustomize) must be on PATH; KUBECTL overrides it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { SERVICE_PORTS, ServiceName } from '@platform/config';
import { ROUTE_TABLE } from '../src/routes/route-table';

export const REPO_ROOT = resolve(__dirname, '../../..');
export const OVERLAYS_DIR = join(REPO_ROOT, 'k8s/overlays');
export const PART_OF = 'developer-platform';
export const SECRET_ENV = ['DATABASE_URL', 'REDIS_URL', 'SECRETS_ENCRYPTION_KEY'] as const;

/** The processes that serve HTTP: the gateway, every route-table service and every worker. */
export interface PlatformApp {
  readonly name: string;
  readonly port: number;
  /** The route-table service whose image it runs. */
  readonly image: ServiceName;
  readonly kind: 'gateway' | 'service' | 'worker';
}

export const PLATFORM_APPS: readonly PlatformApp[] = [
  { name: 'gateway', port: SERVICE_PORTS.gateway, image: 'gateway', kind: 'gateway' },
  ...ROUTE_TABLE.map((row) => ({
    name: row.service,
    port: SERVICE_PORTS[row.service],
    image: row.service,
    kind: 'service' as const,
  })),
  // A worker's Deployment, Service and compose service are `<service>-<worker>` (commerce-rest-worker):
  // worker names are only unique within their service.
  ...ROUTE_TABLE.flatMap((row) =>
    row.workers.map((worker) => ({
      name: `${row.service}-${worker.name}`,
      port: worker.port,
      image: row.service,
      kind: 'worker' as const,
    })),
  ),
];

// The parts of the Kubernetes objects the specs read.
export interface Metadata {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
}
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string };
    configMapKeyRef?: { name: string; key: string };
  };
}
export interface Probe {
  httpGet?: { path: string; port: number | string };
}
export interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    runAsNonRoot?: boolean;
  };
}
export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
}
export interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: PodSpec;
}
export interface IngressBackend {
  service: { name: string; port: { number?: number; name?: string } };
}
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: Metadata;
  data?: Record<string, string>;
  // Each kind's spec; the specs narrow it with the helpers below.
  spec?: {
    replicas?: number;
    /** Deployment/PDB: `matchLabels`; Service: the labels themselves. */
    selector?: { matchLabels?: Record<string, string>; [label: string]: unknown };
    template?: PodTemplate;
    ports?: { name?: string; port: number; targetPort?: number | string }[];
    scaleTargetRef?: { kind: string; name: string };
    minReplicas?: number;
    maxReplicas?: number;
    defaultBackend?: IngressBackend;
    rules?: {
      host?: string;
      http?: { paths: { path: string; pathType: string; backend: IngressBackend }[] };
    }[];
  };
}

/** Directories under k8s/overlays that hold a kustomization. */
export function overlayNames(): string[] {
  if (!existsSync(OVERLAYS_DIR)) return [];
  return readdirSync(OVERLAYS_DIR, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(join(OVERLAYS_DIR, entry.name, 'kustomization.yaml')),
    )
    .map((entry) => entry.name)
    .sort();
}

function parseDocuments(text: string, source: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${source}: ${doc.errors[0].message}`);
      return doc.toJSON() as K8sObject | null;
    })
    .filter((obj): obj is K8sObject => obj !== null && typeof obj === 'object');
}

/** `kubectl kustomize k8s/overlays/<name>`, parsed. */
export function renderOverlay(name: string): K8sObject[] {
  const dir = join(OVERLAYS_DIR, name);
  const text = execFileSync(process.env.KUBECTL || 'kubectl', ['kustomize', dir], {
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return parseDocuments(text, `kubectl kustomize ${dir}`);
}

/** Objects of one kind, by metadata.name. */
export function byKind(objects: readonly K8sObject[], kind: string): Map<string, K8sObject> {
  return new Map(objects.filter((o) => o.kind === kind).map((o) => [o.metadata.name, o]));
}

/** The pod template of a Deployment or Job; throws when it has none. */
export function podSpec(workload: K8sObject): PodSpec {
  const spec = workload.spec?.template?.spec;
  if (!spec) throw new Error(`${workload.kind}/${workload.metadata.name} has no pod template`);
  return spec;
}

export function allContainers(workload: K8sObject): Container[] {
  const spec = podSpec(workload);
  return [...(spec.initContainers ?? []), ...spec.containers];
}

/** Deployments and Jobs: every object that runs containers. */
export function workloads(objects: readonly K8sObject[]): K8sObject[] {
  return objects.filter((o) => ['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob'].includes(o.kind));
}

export function isPlatformObject(obj: K8sObject): boolean {
  return obj.metadata.labels?.['app.kubernetes.io/part-of'] === PART_OF;
}

/** The port number a probe or a backend names, resolving a named container port. */
export function resolvePort(container: Container, port: number | string | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

export interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  ports?: (string | { target: number; published?: number | string })[];
  healthcheck?: { test?: string[] | string };
  depends_on?: Record<string, { condition?: string }> | string[];
  profiles?: string[];
}

export function readCompose(): { services: Record<string, ComposeService> } {
  const file = join(REPO_ROOT, 'docker/compose.yaml');
  // Compose files use YAML merge keys (`<<: *anchor`).
  return parse(readFileSync(file, 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
}

export function readRepoFile(path: string): string {
  return readFileSync(join(REPO_ROOT, path), 'utf8');
}

/** True when an image reference names an explicit tag (or digest) other than `latest`. */
export function isPinnedImage(image: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const lastSegment = image.slice(image.lastIndexOf('/') + 1);
  const colon = lastSegment.indexOf(':');
  if (colon < 0) return false;
  const tag = lastSegment.slice(colon + 1);
  return tag.length > 0 && tag !== 'latest';
}
