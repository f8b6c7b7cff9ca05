import type { Scope } from '@platform/scopes';

/**
 * The scope each operation requires (docs/orders.md has the table). The spec names
 * commerce.order:read for queries and :create, :update, :cancel, :complete, :archive for mutations.
 */
export const OrderScopes = {
  read: 'commerce.order:read',
  create: 'commerce.order:create',
  update: 'commerce.order:update',
  cancel: 'commerce.order:cancel',
  complete: 'commerce.order:complete',
  archive: 'commerce.order:archive',
} as const satisfies Record<string, Scope>;
