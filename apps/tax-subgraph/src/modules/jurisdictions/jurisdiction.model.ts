import { Field, ID, ObjectType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import type { JurisdictionEntity } from './jurisdiction.entity';

@ObjectType('Jurisdiction', {
  description: 'A place taxes apply to: a country, optionally a region and a postal-code prefix.',
})
export class Jurisdiction {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  label!: string | null;

  @Field({ description: 'ISO 3166-1 alpha-2, upper case.' })
  countryCode!: string;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 3166-2 subdivision without the country ("CA"); null covers the whole country.',
  })
  regionCode!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Postal codes starting with this (letters and digits only); null covers every postal code.',
  })
  postalCodePrefix!: string | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

export const QueryJurisdictionsConnection = createConnectionType(
  Jurisdiction,
  'QueryJurisdictionsConnection',
);

export function toJurisdiction(entity: JurisdictionEntity): Jurisdiction {
  return Object.assign(new Jurisdiction(), {
    id: entity.id,
    name: entity.name,
    label: entity.label,
    countryCode: entity.countryCode,
    regionCode: entity.regionCode,
    postalCodePrefix: entity.postalCodePrefix,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  });
}
