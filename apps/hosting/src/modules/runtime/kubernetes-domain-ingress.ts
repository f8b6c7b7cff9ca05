import { createHash } from 'node:crypto';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import {
  APP_ID_ANNOTATION,
  MANAGED_BY,
  MANAGED_BY_LABEL,
  SERVICE_PORT,
  VARIANT_ANNOTATION,
  resourceName,
  selectorLabels,
} from './kubernetes-objects';
import { VARIANTS, type Variant, type VariantKey } from './runtime-driver';

/** The custom domain an Ingress serves (its host, full; the name only carries a hash of it). */
export const HOSTNAME_ANNOTATION = 'hosting.platform/hostname';
/** cert-manager's ingress-shim: it issues the TLS section's certificate from this ClusterIssuer. */
export const CLUSTER_ISSUER_ANNOTATION = 'cert-manager.io/cluster-issuer';

/** The component label of the custom domains' Ingresses (with the managed-by label: their selector). */
export const DOMAIN_INGRESS_COMPONENT = 'custom-domain';
const COMPONENT_LABEL = 'app.kubernetes.io/component';

/** Selects the Ingresses of custom domains this platform made in the apps namespace. */
export const DOMAIN_INGRESS_LABELS: Readonly<Record<string, string>> = {
  [COMPONENT_LABEL]: DOMAIN_INGRESS_COMPONENT,
  [MANAGED_BY_LABEL]: MANAGED_BY,
};

/** A custom domain's Ingress as the cluster has it: its host name and the variant it sends to. */
export interface ExistingDomainIngress {
  readonly hostname: string;
  /** From its annotations; null when they are missing or unknown (it is applied again). */
  readonly key: VariantKey | null;
}

/**
 * Reads what an Ingress of DOMAIN_INGRESS_LABELS serves: the host name of its annotation (else of
 * its rule) and the variant of its annotations; null when it names no host.
 */
export function readDomainIngress(ingress: {
  metadata?: { annotations?: Record<string, string> };
  spec?: { rules?: { host?: string }[] };
}): ExistingDomainIngress | null {
  const annotations = ingress.metadata?.annotations ?? {};
  const hostname = annotations[HOSTNAME_ANNOTATION] ?? ingress.spec?.rules?.[0]?.host;
  if (!hostname) return null;
  const appId = annotations[APP_ID_ANNOTATION];
  const variant = annotations[VARIANT_ANNOTATION] as Variant | undefined;
  const known = appId && variant && VARIANTS.includes(variant);
  return { hostname, key: known ? { appId, variant } : null };
}

export interface DomainIngressOptions {
  /** The apps namespace (the variant's Service is there). */
  readonly namespace: string;
  /** cert-manager ClusterIssuer (HOSTING_DOMAIN_CLUSTER_ISSUER). */
  readonly clusterIssuer: string;
  /** The IngressClass of the cluster's controller; the cluster's default when absent. */
  readonly ingressClassName?: string;
}

/** `domain-<24 hex of sha256(hostname)>`: a DNS-1123 name whatever the host name's length. */
export function domainIngressName(hostname: string): string {
  return `domain-${createHash('sha256').update(hostname).digest('hex').slice(0, 24)}`;
}

/**
 * The Ingress of one ACTIVE custom domain on the Kubernetes runtime (docs/hosting.md, "Custom
 * domains"): one rule, `hostname` → the variant's ClusterIP Service (all paths), and a TLS section
 * whose certificate cert-manager issues into `<name>-tls` (annotation
 * `cert-manager.io/cluster-issuer`). Checked against the Kubernetes schema before it is returned.
 */
export function buildDomainIngress(
  hostname: string,
  key: VariantKey,
  options: DomainIngressOptions,
): Ingress {
  const name = domainIngressName(hostname);
  const ingress = new Ingress({
    metadata: {
      name,
      namespace: options.namespace,
      labels: {
        ...selectorLabels(key),
        ...DOMAIN_INGRESS_LABELS,
      },
      annotations: {
        [APP_ID_ANNOTATION]: key.appId,
        [VARIANT_ANNOTATION]: key.variant,
        [HOSTNAME_ANNOTATION]: hostname,
        [CLUSTER_ISSUER_ANNOTATION]: options.clusterIssuer,
      },
    },
    spec: {
      ...(options.ingressClassName ? { ingressClassName: options.ingressClassName } : {}),
      tls: [{ hosts: [hostname], secretName: `${name}-tls` }],
      rules: [
        {
          host: hostname,
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name: resourceName(key), port: { number: SERVICE_PORT } } },
              },
            ],
          },
        },
      ],
    },
  });
  ingress.validate();
  return ingress;
}
