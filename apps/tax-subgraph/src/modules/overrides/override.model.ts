import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import type { OverrideEntity } from './override.entity';

export enum OverrideType {
  RATES = 'RATES',
  EXEMPTION = 'EXEMPTION',
}
registerEnumType(OverrideType, {
  name: 'OverrideType',
  description:
    "RATES: the override's rates replace the classification's in its scope. EXEMPTION: no tax in its scope.",
});

export enum OverrideStatus {
  ACTIVE = 'ACTIVE',
  INACTIVE = 'INACTIVE',
}
registerEnumType(OverrideStatus, {
  name: 'OverrideStatus',
  description: 'Only ACTIVE overrides are applied.',
});

@ObjectType('Override', {
  description: 'An exception for some SKUs, SKU groups or lists, in one jurisdiction or everywhere.',
})
export class Override {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  label!: string | null;

  @Field(() => OverrideType)
  type!: OverrideType;

  @Field(() => OverrideStatus)
  status!: OverrideStatus;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  /** Resolved by Override.jurisdiction (batched). */
  jurisdictionId!: string | null;
}

export const QueryOverridesConnection = createConnectionType(Override, 'QueryOverridesConnection');

export function toOverride(entity: OverrideEntity): Override {
  return Object.assign(new Override(), {
    id: entity.id,
    name: entity.name,
    label: entity.label,
    type: entity.type as OverrideType,
    status: entity.status as OverrideStatus,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
    jurisdictionId: entity.jurisdictionId,
  });
}
