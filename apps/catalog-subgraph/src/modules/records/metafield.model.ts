import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('Metafield', { description: 'A namespaced key/value of a record; the catalog stores none.' })
export class Metafield {
  @Field(() => String, { nullable: true })
  id!: string | null;

  @Field(() => String, { nullable: true })
  namespace!: string | null;

  @Field(() => String, { nullable: true })
  key!: string | null;

  @Field(() => String, { nullable: true })
  value!: string | null;

  @Field(() => String, { nullable: true })
  type!: string | null;

  @Field(() => String, { nullable: true })
  resourceId!: string | null;

  @Field(() => String, { nullable: true })
  createdAt!: string | null;

  @Field(() => String, { nullable: true })
  updatedAt!: string | null;
}
