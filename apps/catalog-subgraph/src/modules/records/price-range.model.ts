import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PriceRange', {
  description:
    'The lowest and highest of some prices, in minor currency units (integers, as SimpleMoney.value).',
})
export class PriceRange {
  @Field(() => Int, { nullable: true })
  min!: number | null;

  @Field(() => Int, { nullable: true })
  max!: number | null;
}
