import type { OperationCommit } from '@platform/queue';
import type { EntityManager } from 'typeorm';
import { AppEnvironmentEntity, VARIANTS } from './app-environment.entity';
import type { AppOperationEntity } from './app-operation.entity';
import { AppEntity } from './app.entity';

/**
 * What the worker does for an app-creation operation, once per attempt. What it returns is
 * committed in the transaction that moves the operation to COMPLETED, so it applies exactly once.
 * Throw PermanentFailure(code) for a reason retrying cannot fix, anything else to be retried.
 */
export interface AppProvisioner {
  provision(operation: AppOperationEntity): Promise<OperationCommit>;
}

export const APP_PROVISIONER = Symbol('APP_PROVISIONER');

/** Creates the PREVIEW and PUBLISH environments (STOPPED, no build) and marks the app ACTIVE. */
export class DatabaseAppProvisioner implements AppProvisioner {
  provision(operation: AppOperationEntity): Promise<OperationCommit> {
    return Promise.resolve(async (manager: EntityManager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(AppEnvironmentEntity)
        .values(
          VARIANTS.map((variant) => ({
            appId: operation.appId,
            variant,
            desiredState: 'STOPPED' as const,
            currentBuildId: null,
            port: null,
          })),
        )
        .orIgnore()
        .execute();
      await manager.update(AppEntity, { appId: operation.appId }, { status: 'ACTIVE' });
    });
  }
}
