import { Inject, Injectable, Optional, Type } from '@nestjs/common';
import type { LoaderRegistry, ReferencesService } from '@platform/graphql-subgraph';
import { ownerMembersLoader, ownerRatesLoader } from '../relations/relation-fields-resolver.factory';
import type { OwnerRelations } from '../relations/owner-relations.service';

/**
 * What a delete mutation answers is the record as it was: its relation fields (references, rates,
 * catalog members) are read into the request's loaders before the rows go, so the fields resolved
 * on the answer find them there instead of reading rows the deletion removed.
 */
export interface LastStateReader {
  read(storeId: string, id: string, loaders: LoaderRegistry): Promise<void>;
}

export interface LastStateOptions {
  /** The GraphQL type name given to createReferencesResolver (`Rate`). */
  readonly name: string;
  readonly references: Type<ReferencesService<unknown>>;
  /** The owner name given to createRelationFieldsResolver (`classification`) and its relations. */
  readonly relations?: { readonly name: string; readonly service: Type<OwnerRelations<unknown>> };
}

/** The name createReferencesResolver (@platform/graphql-subgraph) gives its `references` loader. */
function referencesLoaderName(typeName: string): string {
  return `references:${typeName}`;
}

const NO_RELATIONS = Symbol('tax:no-relations');

/** A LastStateReader of one record type (provide it in the type's module). */
export function createLastStateReader(options: LastStateOptions): Type<LastStateReader> {
  @Injectable()
  class LastState implements LastStateReader {
    constructor(
      @Inject(options.references) private readonly references: ReferencesService<unknown>,
      @Optional()
      @Inject(options.relations?.service ?? NO_RELATIONS)
      private readonly links?: OwnerRelations<unknown>,
    ) {}

    async read(storeId: string, id: string, loaders: LoaderRegistry): Promise<void> {
      const reads: Promise<unknown>[] = [
        loaders
          .get(referencesLoaderName(options.name), (ids: readonly string[]) =>
            this.references.forOwners(storeId, ids),
          )
          .load(id),
      ];
      const relations = options.relations;
      if (relations && this.links) {
        reads.push(ownerRatesLoader(loaders, relations.name, this.links, storeId).load(id));
        reads.push(ownerMembersLoader(loaders, relations.name, this.links, storeId).load(id));
      }
      await Promise.all(reads);
    }
  }
  return LastState;
}
