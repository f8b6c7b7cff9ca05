import { Field, Int, ObjectType } from '@nestjs/graphql';

/** ListOption.validation: how many values a customer may choose. */
@ObjectType('OptionValidation', { description: 'How many values a customer may choose.' })
export class OptionValidation {
  @Field(() => Int, { nullable: true })
  min!: number | null;

  @Field(() => Int, { nullable: true })
  max!: number | null;
}
