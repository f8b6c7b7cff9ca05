import { ArgsType, Field } from '@nestjs/graphql';
import { ConnectionArgs, createStringFilterInput } from '@platform/graphql-subgraph';
import { Type as TransformType } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import type { ReferenceArgs } from '../records/catalog-relation-pages.service';
import { PaginationType, PaginationTypeField, ValuesFilter } from '../records/record-filters';
import { SKUStatusFilter } from '../skus/sku.input';

const ReferenceOriginFilter = createStringFilterInput('ReferenceOriginFilter', 64);

/** `<X>.references(origin, …)`'s arguments. */
@ArgsType()
export class ReferencesArgs extends ConnectionArgs implements ReferenceArgs {
  @Field(() => ReferenceOriginFilter, { nullable: true, description: 'Only references of these origins.' })
  @IsOptional()
  @ValidateNested()
  @TransformType(() => ReferenceOriginFilter)
  origin?: ValuesFilter | null;

  @PaginationTypeField()
  paginationType?: PaginationType | null;
}

/** `<X>.metafields(…)`'s arguments: checked, though the connection is always empty. */
@ArgsType()
export class MetafieldsArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  namespace?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  key?: string | null;
}

/** The SKU statuses `SKUGroup.priceRange`, `compareAtPriceRange` and `skuCount` count by default. */
export const DEFAULT_PRICING_STATUSES = ['ACTIVE', 'DRAFT'];

/** `SKUGroup.priceRange`'s (and its siblings') arguments. */
@ArgsType()
export class PricingArgs {
  @Field(() => SKUStatusFilter, {
    nullable: true,
    defaultValue: { in: DEFAULT_PRICING_STATUSES },
    description: 'The SKUs counted: default ACTIVE and DRAFT ones.',
  })
  @IsOptional()
  @ValidateNested()
  @TransformType(() => SKUStatusFilter)
  status?: ValuesFilter | null;
}
