import { Type } from '@nestjs/common';
import { Field, Int, ObjectType, createUnionType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';
import { OptionValidation } from './option-validation.model';

/** A choice customers make between SKUs of a group (Size, Color). */
@ObjectType('ListOption', { description: 'A choice customers make between SKUs of a group (Size, Color).' })
export class ListOption {
  @Field(() => String)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  label!: string | null;

  @Field(() => CatalogStatus)
  status!: CatalogStatus;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When archive<X> archived it.' })
  archivedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When its status last became ACTIVE.' })
  activatedAt!: Date | null;

  @Field(() => OptionValidation, {
    nullable: true,
    description: 'How many values a customer may choose: min and max.',
  })
  validation!: OptionValidation | null;

  @Field(() => String, { nullable: true, description: 'Long description (plain text or HTML).' })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'Long description as HTML.' })
  htmlDescription!: string | null;

  @Field(() => String, { nullable: true, deprecationReason: 'Use htmlDescription instead.' })
  get HTMLDescription(): string | null {
    return this.htmlDescription;
  }

  @Field(() => Int, { nullable: true, description: 'Order among the group’s options.' })
  position!: number | null;

  @Field(() => String, { nullable: true, description: 'How storefronts show it: DROPDOWN, SWATCH, RADIO.' })
  displayType!: string | null;

  /** The public graph's name of displayType. */
  @Field(() => String, {
    nullable: true,
    description: 'How storefronts show it: DROPDOWN, SWATCH, RADIO. (the same as displayType)',
  })
  get type(): string | null {
    return this.displayType;
  }
}

/**
 * The public union's member of the same fields; no record of ours is one (docs/graphql.md, "Catalog
 * storefront shapes").
 */
@ObjectType('NumericOption', {
  description:
    'A choice customers make between SKUs of a group (Size, Color). No record of ours is one (docs/graphql.md).',
})
export class NumericOption extends ListOption {}

/**
 * The public union's member of the same fields; no record of ours is one (docs/graphql.md, "Catalog
 * storefront shapes").
 */
@ObjectType('TextOption', {
  description:
    'A choice customers make between SKUs of a group (Size, Color). No record of ours is one (docs/graphql.md).',
})
export class TextOption extends ListOption {}

/** What lists and create/update/archive return: ours are all ListOptions. */
export const Option = createUnionType({
  name: 'Option',
  types: () => [ListOption, NumericOption, TextOption] as const,
  resolveType: () => ListOption,
});

export const QueryOptionsConnection = createConnectionType(
  Option as unknown as Type<ListOption>,
  'QueryOptionsConnection',
  { totalCount: true },
);
