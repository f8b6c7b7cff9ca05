import { Field, GraphQLISODateTime, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { SimpleMoney } from '@platform/graphql-subgraph';
import { DISCOUNT_CODE_STATUSES, type DiscountCodeStatus } from './discount-code.entity';

export const DiscountCodeStatusEnum = Object.fromEntries(DISCOUNT_CODE_STATUSES.map((s) => [s, s])) as Record<
  DiscountCodeStatus,
  DiscountCodeStatus
>;
registerEnumType(DiscountCodeStatusEnum, {
  name: 'DiscountCodeStatus',
  description: 'Only ACTIVE codes apply; ARCHIVED codes are not listed and their code can be used again.',
});

@ObjectType('DiscountCode', {
  description: "A store's discount code, applied to carts by applyDiscountCodes.",
})
export class DiscountCodeModel {
  @Field(() => ID)
  id!: string;

  @Field()
  code!: string;

  @Field()
  name!: string;

  @Field(() => SimpleMoney, { nullable: true })
  amount!: SimpleMoney | null;

  @Field(() => String, { nullable: true })
  ratePercentage!: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  startsAt!: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  endsAt!: Date | null;

  @Field(() => DiscountCodeStatusEnum)
  status!: DiscountCodeStatus;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;
}
