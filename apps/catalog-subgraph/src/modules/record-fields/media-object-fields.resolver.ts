import { ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { MediaObject } from '../media-objects/media-object.model';
import type { Metafield } from '../records/metafield.model';
import { MediaObjectMetafieldsConnection } from './record-connections.model';
import { noMetafields } from './record-field-loaders';
import { MetafieldsArgs } from './record-fields.input';

/** The fields of MediaObject beyond its columns: `metafields`. Each is batched per request. */
@Resolver(() => MediaObject)
export class MediaObjectFieldsResolver {
  @ResolveField('metafields', () => MediaObjectMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }
}
