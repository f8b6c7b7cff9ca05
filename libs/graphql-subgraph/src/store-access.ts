import type { FactoryProvider } from '@nestjs/common';
import type { Principal } from '@platform/auth';

/** Visible: the store exists and the caller may use it. Hidden: anything else. */
export type StoreAccess = 'visible' | 'hidden';

/**
 * The port through which the lib asks, once per operation, whether the caller may use the store
 * the operation selected; the app supplies it (`SubgraphModuleOptions.storeAccess`). A
 * PlatformError thrown by `check` ends the request with that error and its HTTP status (401 for
 * refused credentials, 503 with Retry-After when visibility cannot be told).
 */
export interface StoreAccessChecker {
  check(storeId: string, principal: Principal, authorization: string): Promise<StoreAccess>;
}

/** Injection token of the app's StoreAccessChecker. */
export const STORE_ACCESS = Symbol('STORE_ACCESS');

/** How an app supplies its StoreAccessChecker: a Nest factory provider, without `provide`. */
export type StoreAccessProvider = Omit<FactoryProvider<StoreAccessChecker>, 'provide'>;
