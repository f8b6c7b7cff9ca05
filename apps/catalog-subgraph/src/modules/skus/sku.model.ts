import { Directive, Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { SimpleMoney, createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** A stock keeping unit: one sellable variant of a product. */
@Directive('@key(fields: "id")')
@ObjectType('SKU', { description: 'A stock keeping unit: one sellable variant of a product.' })
export class SKU {
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

  @Field(() => String, { nullable: true, description: 'Unique in the store.' })
  code!: string | null;

  @Field(() => String, { nullable: true, description: 'Long description (plain text or HTML).' })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'Long description as HTML.' })
  htmlDescription!: string | null;

  @Field(() => String, { nullable: true, deprecationReason: 'Use htmlDescription instead.' })
  get HTMLDescription(): string | null {
    return this.htmlDescription;
  }

  @Field(() => String, { nullable: true, description: 'A short label for tight spaces.' })
  shortLabel!: string | null;

  @Field(() => SimpleMoney, { nullable: true, description: 'Default selling price, in minor units.' })
  price!: SimpleMoney | null;

  @Field(() => SimpleMoney, {
    nullable: true,
    description: 'Price before a discount ("was"), in minor units.',
  })
  compareAtPrice!: SimpleMoney | null;

  @Field(() => Int, { nullable: true, description: 'Shipping weight in grams.' })
  weightGrams!: number | null;

  @Field(() => String, { nullable: true, description: 'GTIN / barcode (UPC, EAN, ISBN).' })
  gtin!: string | null;

  @Field(() => String, { nullable: true, description: 'EAN barcode.' })
  eanCode!: string | null;

  @Field(() => String, { nullable: true, description: 'GTIN barcode.' })
  gtinCode!: string | null;

  @Field(() => String, { nullable: true, description: 'ISBN.' })
  isbnCode!: string | null;

  @Field(() => String, { nullable: true, description: 'UPC barcode.' })
  upcCode!: string | null;

  @Field(() => Float, { nullable: true, description: 'Shipping weight, in unitOfWeight.' })
  weight!: number | null;

  @Field(() => String, { nullable: true, description: 'Unit of weight: g, kg, lb, oz.' })
  unitOfWeight!: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether taxes apply; default true when omitted.' })
  taxable!: boolean | null;
}

export const QuerySkusConnection = createConnectionType(SKU, 'QuerySkusConnection', { totalCount: true });
