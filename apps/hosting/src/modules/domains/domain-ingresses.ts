import { Inject, Injectable } from '@nestjs/common';
import { AppRuntimeManager } from '../app-runtime/app-runtime-manager.service';
import type { VariantKey } from '../runtime';
import { DOMAIN_SETTINGS } from './domain-settings';
import type { DomainSettings } from './domain-settings';

/** What a runtime that serves custom domains itself does (the Kubernetes driver: an Ingress each). */
interface DomainIngressRuntime {
  applyDomainIngress(hostname: string, key: VariantKey, clusterIssuer: string): Promise<void>;
  removeDomainIngress(hostname: string): Promise<void>;
}

function servesDomains(driver: object): driver is DomainIngressRuntime {
  const d = driver as Partial<DomainIngressRuntime>;
  return typeof d.applyDomainIngress === 'function' && typeof d.removeDomainIngress === 'function';
}

/**
 * The runtime's side of a custom domain: on Kubernetes an Ingress per ACTIVE domain (host →
 * the variant's Service, cert-manager's annotation, TLS), applied before the domain turns ACTIVE
 * and removed on detach; the local runtime has nothing to do (the gateway routes by Host, no TLS).
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
}
