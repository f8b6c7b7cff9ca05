import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { SimpleMoney, createConnectionType } from '@platform/graphql-subgraph';
import { formatPercentage, percentageMicroFromNumeric } from './percentage';
import type { RateEntity } from './rate.entity';

export enum RateStatus {
  ACTIVE = 'ACTIVE',
  INACTIVE = 'INACTIVE',
}
registerEnumType(RateStatus, { name: 'RateStatus', description: 'Only ACTIVE rates are applied.' });

@ObjectType('RateValue', { description: 'Exactly one of percentage and amount is set.' })
export class RateValue {
  @Field(() => String, {
    nullable: true,
    description: 'Exact decimal percentage, 0 to 100, up to 6 decimals, in canonical form ("8.875", "10").',
  })
  percentage!: string | null;

  @Field(() => SimpleMoney, { nullable: true, description: 'Fixed amount charged per unit.' })
  amount!: SimpleMoney | null;
}

@ObjectType('Rate', { description: 'A tax rate of a jurisdiction (or of every address when it has none).' })
export class Rate {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field()
  label!: string;

  @Field(() => RateValue)
  value!: RateValue;

  @Field(() => RateStatus)
  status!: RateStatus;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  /** Resolved by Rate.jurisdiction (batched), not a field itself. */
  jurisdictionId!: string | null;
}

export const QueryRatesConnection = createConnectionType(Rate, 'QueryRatesConnection');

export function toRate(entity: RateEntity): Rate {
  const value = Object.assign(new RateValue(), {
    percentage:
      entity.percentage === null ? null : formatPercentage(percentageMicroFromNumeric(entity.percentage)),
    amount:
      entity.amountValue === null || entity.amountCurrency === null
        ? null
        : SimpleMoney.of(entity.amountValue, entity.amountCurrency),
  });
  return Object.assign(new Rate(), {
    id: entity.id,
    name: entity.name,
    label: entity.label,
    value,
    status: entity.status as RateStatus,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
    jurisdictionId: entity.jurisdictionId,
  });
}
