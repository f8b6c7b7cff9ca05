import type { InProcessServiceApp, TestEnv } from '@platform/testing';
import { bootInProcessServiceApp, createTestEnv } from '@platform/testing';
import { DomainsAppModule } from '../../src/app.module';
import { loadDomainsConfig } from '../../src/config/domains.config';
import { addDomainDirectly } from '../../src/modules/domains/domain-registrations';
import type { DomainEntity } from '../../src/modules/domains/domain.entity';
import { DomainsRepository } from '../../src/modules/domains/domains.repository';
import type { PaymentProfileStatus } from '../../src/modules/payment-profiles/payment-profile.entity';
import { PaymentProfilesRepository } from '../../src/modules/payment-profiles/payment-profiles.repository';
import { PaymentProfilesService } from '../../src/modules/payment-profiles/payment-profiles.service';

/** The domains API booted on a real, private database and Redis prefix for one suite. */
export interface DomainsTestApp extends InProcessServiceApp {
  /** What `domain add` does: `domain` ACTIVE for `accountId`, with its default zone. */
  addDomain(accountId: string, domain: string): Promise<DomainEntity>;
  /** What `payment-profile add|decline` does. */
  setPaymentProfile(accountId: string, status: PaymentProfileStatus): Promise<void>;
}

/** The environment the domains processes of a suite read (the suite's database and Redis, and `overrides`). */
export function domainsEnv(env: TestEnv, overrides: Record<string, string> = {}): Record<string, string> {
  return { ...env.env, ...overrides };
}

export async function startDomainsTestApp(
  label: string,
  overrides: Record<string, string> = {},
): Promise<DomainsTestApp> {
  const env = await createTestEnv(label, { RATE_LIMIT_CREDENTIAL_LIMIT: '100000', ...overrides });
  const config = loadDomainsConfig(domainsEnv(env));
  const booted = await bootInProcessServiceApp(env, DomainsAppModule.forRoot(config), 'Domains');
  const { dataSource } = booted;
  return {
    ...booted,
    async addDomain(accountId, domain) {
      const outcome = await addDomainDirectly(
        new DomainsRepository(dataSource.manager),
        accountId,
        domain,
        config.registry.defaultNameServers,
      );
      if (outcome.kind === 'owned-by-another') throw new Error(`${domain} is another account's`);
      return outcome.domain;
    },
    async setPaymentProfile(accountId, status) {
      await new PaymentProfilesService(new PaymentProfilesRepository(dataSource.manager)).set(
        accountId,
        status,
      );
    },
  };
}
