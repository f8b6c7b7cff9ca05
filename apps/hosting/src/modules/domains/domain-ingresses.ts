import { Inject, Injectable } from '@nestjs/common';
import { AppRuntimeManager } from '../app-runtime/app-runtime-manager.service';
import type { Variant, VariantKey } from '../runtime';
import type { ExistingDomainIngress } from '../runtime/kubernetes-domain-ingress';
import { DOMAIN_SETTINGS } from './domain-settings';
import type { DomainSettings } from './domain-settings';

/** What a runtime that serves custom domains itself does (the Kubernetes driver: an Ingress each). */
export interface DomainIngressRuntime {
  applyDomainIngress(hostname: string, key: VariantKey, clusterIssuer: string): Promise<void>;
  removeDomainIngress(hostname: string): Promise<void>;
  listDomainIngresses(): Promise<ExistingDomainIngress[]>;
}

function servesDomains(driver: object): driver is DomainIngressRuntime {
  const d = driver as Partial<DomainIngressRuntime>;
  return (
    typeof d.applyDomainIngress === 'function' &&
    typeof d.removeDomainIngress === 'function' &&
    typeof d.listDomainIngresses === 'function'
  );
}

/** An ACTIVE custom domain and the variant it serves. */
export interface ActiveDomainRoute {
  readonly hostname: string;
  readonly appId: string;
  readonly variant: Variant;
}

/** What a reconcile reads of `hosting.app_domains` (AppDomainsRepository). */
export interface DomainIngressSource {
  /** Every ACTIVE domain. */
  activeRoutes(): Promise<ActiveDomainRoute[]>;
  /** The host names of the PENDING domains (a check may be applying their Ingress right now). */
  pendingHostnames(): Promise<string[]>;
}

/** What one reconcile changed, by host name. */
export interface DomainIngressReconcile {
  readonly applied: string[];
  readonly removed: string[];
}

/**
 * The changes that bring the cluster's custom-domain Ingresses in line with the table: apply the
 * Ingress of every ACTIVE domain that has none or one sending elsewhere; remove those of host
 * names no domain holds any more (detached while the release job was lost) or whose domain FAILED.
 * An Ingress of a PENDING domain is left alone: a check applies it just before the row turns
 * ACTIVE, and removing it in between would leave the domain unserved until the next reconcile (the
 * re-check that turns an ACTIVE domain PENDING removes its Ingress itself).
 */
export function planDomainIngresses(
  existing: readonly ExistingDomainIngress[],
  active: readonly ActiveDomainRoute[],
  pending: readonly string[] = [],
): { apply: ActiveDomainRoute[]; remove: string[] } {
  const byHost = new Map(existing.map((e) => [e.hostname, e]));
  const apply = active.filter((domain) => {
    const key = byHost.get(domain.hostname)?.key;
    return !key || key.appId !== domain.appId || key.variant !== domain.variant;
  });
  const kept = new Set([...active.map((d) => d.hostname), ...pending]);
  const remove = existing.map((e) => e.hostname).filter((hostname) => !kept.has(hostname));
  return { apply, remove };
}

/** Lists the runtime's Ingresses, then reads the domains, and applies planDomainIngresses' changes. */
export async function reconcileDomainIngresses(
  runtime: DomainIngressRuntime,
  source: DomainIngressSource,
  clusterIssuer: string,
): Promise<DomainIngressReconcile> {
  const existing = await runtime.listDomainIngresses();
  const [active, pending] = await Promise.all([source.activeRoutes(), source.pendingHostnames()]);
  const plan = planDomainIngresses(existing, active, pending);
  for (const domain of plan.apply)
    await runtime.applyDomainIngress(
      domain.hostname,
      { appId: domain.appId, variant: domain.variant },
      clusterIssuer,
    );
  for (const hostname of plan.remove) await runtime.removeDomainIngress(hostname);
  return { applied: plan.apply.map((d) => d.hostname), removed: plan.remove };
}

/**
 * The runtime's side of a custom domain: on Kubernetes an Ingress per ACTIVE domain (host →
 * the variant's Service, cert-manager's annotation, TLS), applied before the domain turns ACTIVE
 * and removed on detach, and reconciled with the table periodically (a lost job's Ingress); the
 * local runtime has nothing to do (the gateway routes by Host, no TLS).
 */
@Injectable()
export class DomainIngresses {
  constructor(
    private readonly runtime: AppRuntimeManager,
    @Inject(DOMAIN_SETTINGS) private readonly settings: DomainSettings,
  ) {}

  async open(hostname: string, key: VariantKey): Promise<void> {
    const { driver } = this.runtime;
    if (servesDomains(driver)) await driver.applyDomainIngress(hostname, key, this.settings.clusterIssuer);
  }

  async close(hostname: string): Promise<void> {
    const { driver } = this.runtime;
    if (servesDomains(driver)) await driver.removeDomainIngress(hostname);
  }

  /** Whether this worker's runtime makes an Ingress per domain (Kubernetes). */
  get managesIngresses(): boolean {
    return servesDomains(this.runtime.driver);
  }

  /** reconcileDomainIngresses on this worker's runtime; null where the runtime has no Ingresses. */
  async reconcile(source: DomainIngressSource): Promise<DomainIngressReconcile | null> {
    const { driver } = this.runtime;
    if (!servesDomains(driver)) return null;
    return reconcileDomainIngresses(driver, source, this.settings.clusterIssuer);
  }
}
