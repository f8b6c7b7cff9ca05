import { Field, GraphQLISODateTime, ID, InputType } from '@nestjs/graphql';
import { OptionalNestedField, SimpleMoneyInput } from '@platform/graphql-subgraph';
import { Type } from 'class-transformer';
import {
  IsDate,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { PERCENTAGE } from './discount-percentage';

@InputType('DiscountCodeStoreContextInput', {
  description: 'The store (must be the x-store-id store, else STORE_MISMATCH).',
})
export class DiscountCodeStoreContextInput {
  @Field(() => ID)
  @IsUUID()
  storeId!: string;
}

@InputType('CreateDiscountCodeInput', {
  description: 'Exactly one of amount (a fixed amount) and ratePercentage (of the cart subtotal).',
})
export class CreateDiscountCodeInput {
  @Field(() => DiscountCodeStoreContextInput)
  @ValidateNested()
  @Type(() => DiscountCodeStoreContextInput)
  context!: DiscountCodeStoreContextInput;

  @Field({ description: 'What customers type: letters, digits, - and _; matched without regard to case.' })
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'code must be 1 to 64 letters, digits, - or _' })
  code!: string;

  @Field()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  name!: string;

  @OptionalNestedField(() => SimpleMoneyInput, 'A fixed amount off the cart, above zero.')
  amount?: SimpleMoneyInput | null;

  @Field(() => String, {
    nullable: true,
    description: 'Percent of the subtotal, "10" or "12.5" (0 < p ≤ 100).',
  })
  @IsOptional()
  @Matches(PERCENTAGE, { message: 'ratePercentage must be a decimal above 0 and at most 100' })
  ratePercentage?: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Valid from (inclusive); default now.' })
  @IsOptional()
  @IsDate()
  startsAt?: Date | null;

  @Field(() => GraphQLISODateTime, {
    nullable: true,
    description: 'Valid until (exclusive); default never ends.',
  })
  @IsOptional()
  @IsDate()
  endsAt?: Date | null;
}
