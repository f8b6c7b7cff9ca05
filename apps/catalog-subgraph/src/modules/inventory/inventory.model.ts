import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import type { InventoryAdjustmentEntity } from './inventory-adjustment.entity';
import type { InventoryCountEntity } from './inventory-count.entity';
import { availableOf } from './inventory-rules';

export enum InventoryAdjustmentType {
  STOCK = 'STOCK',
  COMMIT = 'COMMIT',
  RELEASE = 'RELEASE',
  ADJUST = 'ADJUST',
}
registerEnumType(InventoryAdjustmentType, {
  name: 'InventoryAdjustmentType',
  description:
    'STOCK: units received (on hand +quantity). ADJUST: a correction of on hand by quantity (signed). ' +
    'COMMIT: units reserved (committed +quantity). RELEASE: a reservation released or expired (committed -quantity).',
});

@ObjectType('InventoryCount', { description: 'Stock of one SKU at one location.' })
export class InventoryCount {
  @Field()
  locationId!: string;

  @Field()
  skuId!: string;

  @Field(() => Int, { description: 'Units held at the location.' })
  onHand!: number;

  @Field(() => Int, { description: 'Units held by active reservations.' })
  committed!: number;

  @Field(() => Int, {
    description: 'onHand - committed; below zero only where the location allows negative inventory.',
  })
  available!: number;

  @Field()
  updatedAt!: Date;
}

@ObjectType('InventoryAdjustment', { description: 'One change of an inventory count (the ledger).' })
export class InventoryAdjustment {
  @Field()
  id!: string;

  @Field(() => InventoryAdjustmentType)
  type!: InventoryAdjustmentType;

  @Field()
  locationId!: string;

  @Field()
  skuId!: string;

  @Field(() => Int, { description: 'Units; positive except for ADJUST, whose sign is the direction.' })
  quantity!: number;

  @Field(() => String, { nullable: true, description: 'The InventoryAdjustmentReason given, if any.' })
  reasonId!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The reservation of a COMMIT or RELEASE; releaseInventory takes it.',
  })
  reservationId!: string | null;

  @Field()
  createdAt!: Date;
}

export const QueryInventoryCountsConnection = createConnectionType(
  InventoryCount,
  'QueryInventoryCountsConnection',
  { totalCount: true },
);
export const QueryInventoryAdjustmentsConnection = createConnectionType(
  InventoryAdjustment,
  'QueryInventoryAdjustmentsConnection',
  { totalCount: true },
);

export function toInventoryCount(entity: InventoryCountEntity): InventoryCount {
  return Object.assign(new InventoryCount(), {
    locationId: entity.locationId,
    skuId: entity.skuId,
    onHand: entity.onHand,
    committed: entity.committed,
    available: availableOf(entity),
    updatedAt: entity.updatedAt,
  });
}

export function toInventoryAdjustment(entity: InventoryAdjustmentEntity): InventoryAdjustment {
  return Object.assign(new InventoryAdjustment(), {
    id: entity.id,
    type: entity.type as InventoryAdjustmentType,
    locationId: entity.locationId,
    skuId: entity.skuId,
    quantity: entity.quantity,
    reasonId: entity.reasonId,
    reservationId: entity.reservationId,
    createdAt: entity.createdAt,
  });
}
