import { Field, Int, ObjectType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** An image or video shown with SKUs, groups and lists. */
@ObjectType('MediaObject', { description: 'An image or video shown with SKUs, groups and lists.' })
export class MediaObject {
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

  @Field(() => String, { nullable: true, description: 'Where the media is served (http or https).' })
  url!: string | null;

  @Field(() => String, { nullable: true, description: 'image/png, video/mp4, …' })
  mimeType!: string | null;

  @Field(() => String, { nullable: true, description: 'Text alternative for accessibility.' })
  altText!: string | null;

  @Field(() => String, { nullable: true, description: 'IMAGE, VIDEO or the store’s own word.' })
  type!: string | null;

  @Field(() => Int, { nullable: true, description: 'Order among the media of what shows it.' })
  position!: number | null;
}

export const QueryMediaObjectsConnection = createConnectionType(MediaObject, 'QueryMediaObjectsConnection', {
  totalCount: true,
});
