import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { MEDIA_OBJECT_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MediaObjectListArgs,
  MutationCreateMediaObjectInput,
  MutationUpdateMediaObjectInput,
} from './media-object.input';
import { MediaObject, QueryMediaObjectsConnection } from './media-object.model';

/**
 * MediaObject records: `mediaObject(id)`, `mediaObjects(…)`, `createMediaObject`,
 * `updateMediaObject`, `archiveMediaObject`.
 */
@Resolver(() => MediaObject)
export class MediaObjectResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Query(() => MediaObject, {
    name: 'mediaObject',
    nullable: true,
    description: 'One MediaObject of the store.',
  })
  @RequiresScopes(...CATALOG_READ)
  async mediaObject(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<MediaObject> {
    return toRecordModel(
      MediaObject,
      MEDIA_OBJECT_KIND,
      await this.records.get(storeId, MEDIA_OBJECT_KIND.kind, id),
    );
  }

  @Query(() => QueryMediaObjectsConnection, {
    name: 'mediaObjects',
    nullable: true,
    description: "The store's MediaObject records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async mediaObjects(
    @StoreId() storeId: string,
    @ArgsOf(MediaObjectListArgs) args: MediaObjectListArgs,
  ): Promise<ConnectionShape<MediaObject>> {
    return toCountedConnection(await this.records.list(storeId, MEDIA_OBJECT_KIND, args ?? {}), (row) =>
      toRecordModel(MediaObject, MEDIA_OBJECT_KIND, row),
    );
  }

  @Mutation(() => MediaObject, { name: 'createMediaObject', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createMediaObject(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateMediaObjectInput) input: MutationCreateMediaObjectInput,
  ): Promise<MediaObject> {
    return toRecordModel(
      MediaObject,
      MEDIA_OBJECT_KIND,
      await this.records.create(storeId, MEDIA_OBJECT_KIND, input),
    );
  }

  @Mutation(() => MediaObject, { name: 'updateMediaObject', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateMediaObject(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateMediaObjectInput) input: MutationUpdateMediaObjectInput,
  ): Promise<MediaObject> {
    return toRecordModel(
      MediaObject,
      MEDIA_OBJECT_KIND,
      await this.records.update(storeId, MEDIA_OBJECT_KIND, id, input),
    );
  }

  @Mutation(() => MediaObject, {
    name: 'archiveMediaObject',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveMediaObject(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<MediaObject> {
    return toRecordModel(
      MediaObject,
      MEDIA_OBJECT_KIND,
      await this.records.archive(storeId, MEDIA_OBJECT_KIND, id),
    );
  }
}
