import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import type { InventoryAdjustmentEntity } from './inventory-adjustment.entity';
import type { InventoryCountType, InventoryTypeCountEntity } from './inventory-type-count.entity';

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

@ObjectType('InventoryCount', {
  description:
    'One level of one SKU at one location, by type: ON_HAND (units held there), COMMITTED (units held ' +
    'by active reservations), AVAILABLE (ON_HAND - COMMITTED; below zero only where the location ' +
    'allows negative inventory). Its id never changes.',
})
export class InventoryCount {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'ON_HAND, COMMITTED or AVAILABLE.' })
  type!: InventoryCountType;

  @Field(() => Int, { nullable: true, description: 'Units of that type.' })
  quantity!: number;

  @Field()
  locationId!: string;

  @Field()
  skuId!: string;

  @Field({ description: 'When the SKU was first counted at the location.' })
  createdAt!: Date;

  @Field({ description: 'When the quantity last changed.' })
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

export function toInventoryCount(entity: InventoryTypeCountEntity): InventoryCount {
  return Object.assign(new InventoryCount(), {
    id: entity.id,
    type: entity.type,
    quantity: entity.quantity,
    locationId: entity.locationId,
    skuId: entity.skuId,
    createdAt: entity.createdAt,
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
