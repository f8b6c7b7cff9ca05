import type { FactoryProvider } from '@nestjs/common';
import type { Principal } from '@platform/auth';

/**
 * Visible: the tenant (the scope an operation works in, which the app defines) exists and the
 * caller may use it. Hidden: anything else.
 */
export type TenantAccess = 'visible' | 'hidden';

/**
 * The port through which the lib asks, once per operation, whether the caller may use the tenant
 * the operation selected; the app supplies it (`SubgraphModuleOptions.tenantAccess`). A
 * PlatformError thrown by `check` ends the request with that error and its HTTP status (401 for
 * refused credentials, 503 with Retry-After when visibility cannot be told).
 */
export interface TenantAccessChecker {
  check(tenantId: string, principal: Principal, authorization: string): Promise<TenantAccess>;
}

/** Injection token of the app's TenantAccessChecker. */
export const TENANT_ACCESS = Symbol('TENANT_ACCESS');

/** How an app supplies its TenantAccessChecker: a Nest factory provider, without `provide`. */
export type TenantAccessProvider = Omit<FactoryProvider<TenantAccessChecker>, 'provide'>;
