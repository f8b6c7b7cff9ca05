import type { DomainPurchase } from '@platform/contracts';
import { assertNever } from '@platform/errors';
import { OperationStatus } from '@platform/queue';
import type { DomainOrderEntity } from './domain-order.entity';

/** An order's state as the Shopping API reads it: EXECUTING is PENDING; the two ends are kept. */
export function purchaseStatusOf(status: OperationStatus): DomainPurchase['status'] {
  switch (status) {
    case OperationStatus.EXECUTING:
      return 'PENDING';
    case OperationStatus.COMPLETED:
      return 'COMPLETED';
    case OperationStatus.FAILED:
      return 'FAILED';
    default:
      return assertNever(status);
  }
}

/** libs/contracts DomainPurchase of an order placed with a reference. */
export function toDomainPurchase(order: DomainOrderEntity): DomainPurchase {
  const status = purchaseStatusOf(order.status);
  return {
    reference: order.reference ?? '',
    orderId: order.id,
    domain: order.domain,
    status,
    failureCode: status === 'FAILED' ? (order.failureCode ?? 'UNKNOWN') : null,
  };
}
