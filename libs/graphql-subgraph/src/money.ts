import { Directive, Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { IsInt, IsString, Matches } from 'class-validator';

// Money stays here although it is a commerce notion: subgraph SDL lists the shared object types in
// declaration order (PageInfo, SimpleMoney, Reference), so moving SimpleMoney to a lib loaded after
// this one would reorder every committed schema.graphql (docs/graphql.md, "Money").

/** ISO 4217 alphabetic code: three upper-case letters. */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * The spec's money input: `value` is an integer in minor currency units (cents), so `12.5` is
 * rejected by GraphQL itself (Int) with GRAPHQL_VALIDATION_FAILED, HTTP 400.
 */
@InputType('SimpleMoneyInput', {
  description: 'An amount in minor currency units (e.g. cents) and its currency.',
})
export class SimpleMoneyInput {
  @Field(() => Int, { description: 'Integer amount in minor units: 1999 is 19.99 USD. A float is invalid.' })
  @IsInt()
  value!: number;

  @Field({ description: 'ISO 4217 currency code, upper case (USD).' })
  @IsString()
  @Matches(CURRENCY_CODE, { message: 'currencyCode must be an ISO 4217 code of three upper-case letters' })
  currencyCode!: string;
}

/** The output counterpart; shared by every subgraph that returns money (hence @shareable). */
@ObjectType('SimpleMoney', { description: 'An amount in minor currency units and its currency.' })
@Directive('@shareable')
export class SimpleMoney {
  @Field(() => Int, { description: 'Integer amount in minor units.' })
  value!: number;

  @Field({ description: 'ISO 4217 currency code.' })
  currencyCode!: string;

  static of(value: number | bigint, currencyCode: string): SimpleMoney {
    const money = new SimpleMoney();
    money.value = Number(value);
    money.currencyCode = currencyCode;
    return money;
  }
}

/** GraphQL's Int is a signed 32-bit integer; money beyond it cannot be returned as Int. */
export const GRAPHQL_INT_MAX = 2_147_483_647;
export const GRAPHQL_INT_MIN = -2_147_483_648;

export function fitsGraphQLInt(value: bigint): boolean {
  return value <= BigInt(GRAPHQL_INT_MAX) && value >= BigInt(GRAPHQL_INT_MIN);
}
