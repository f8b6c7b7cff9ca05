import type { EntityList } from '@platform/database';
import { AgentBindingEntity } from '../modules/ucp/agent-binding.entity';
import { CartEntity } from '../modules/carts/cart.entity';
import { CheckoutSessionEntity } from '../modules/checkout/checkout-session.entity';
import { OrderEventEntity } from '../modules/orders/order-event.entity';
import { ShoppingOrderEntity } from '../modules/orders/shopping-order.entity';
import { PlatformProductEntity } from '../modules/platform-catalog/platform-product.entity';
import { PlatformVariantEntity } from '../modules/platform-catalog/platform-variant.entity';

/**
 * Every entity of schema `shopping` (modules/<feature>/*.entity.ts; explicit list, no globs).
 * Keep it sorted.
 */
export const SHOPPING_ENTITIES: EntityList = [
  AgentBindingEntity,
  CartEntity,
  CheckoutSessionEntity,
  OrderEventEntity,
  PlatformProductEntity,
  PlatformVariantEntity,
  ShoppingOrderEntity,
];
