import { Module, Type } from '@nestjs/common';
import { Resolver } from '@nestjs/graphql';
import { ResolverBase } from '@platform/graphql-subgraph';
import { CATALOG_KINDS, CATALOG_RELATIONS, kindOf } from './catalog-kinds';
import { CatalogLinksService } from './catalog-links.service';
import { CatalogRecordsService } from './catalog-records.service';
import { referencesServiceFor } from './catalog-references.service';
import type { RecordKind } from './record-kind';
import { RecordRemovalResolver } from './record-removal.resolver';
import {
  createBatchCreateResolver,
  createDeprecatedQueriesResolver,
  createEntityReferenceResolver,
  createParentFieldResolver,
  createRecordResolver,
  createRelationResolvers,
} from './record-resolver.factory';
import {
  createChildRemovalResolver,
  createRecordReferencesResolver,
} from './record-public-mutations.factory';
import { relationFieldResolvers } from './record-relations.factory';
import { kindTypes } from './record-types.factory';
import { CatalogRelationPagesService } from './catalog-relation-pages.service';

/** A concrete, injectable resolver class for `model` from a factory's abstract host. */
function concrete(base: ResolverBase, def: RecordKind, role: string): Type<unknown> {
  const Host = base as unknown as Type<object>;
  @Resolver(() => kindTypes(def).model)
  class ConcreteResolver extends Host {}
  Object.defineProperty(ConcreteResolver, 'name', { value: `${def.name}${role}Resolver` });
  return ConcreteResolver;
}

const kinds = CATALOG_KINDS as readonly RecordKind[];

/** Every resolver the definitions make (docs/catalog.md, "Inventory of fields"). */
export const RECORD_RESOLVERS: Type<unknown>[] = [
  ...kinds.map((def) => concrete(createRecordResolver(def), def, 'Crud')),
  ...kinds
    .filter((def): def is RecordKind & { batchCreate: string } => def.batchCreate !== undefined)
    .map((def) => concrete(createBatchCreateResolver(def), def, 'BatchCreate')),
  ...kinds
    .filter(
      (def): def is RecordKind & { deprecatedQueries: NonNullable<RecordKind['deprecatedQueries']> } =>
        def.deprecatedQueries !== undefined,
    )
    .map((def) => concrete(createDeprecatedQueriesResolver(def), def, 'Deprecated')),
  ...kinds
    .filter((def) => def.federated)
    .map((def) => concrete(createEntityReferenceResolver(def), def, 'Entity')),
  ...kinds
    .filter(
      (def): def is RecordKind & { parent: NonNullable<RecordKind['parent']> } => def.parent !== undefined,
    )
    .map((def) => concrete(createParentFieldResolver(def), def, 'Parent')),
  ...relationFieldResolvers().map((field) => concrete(field.base, field.owner, field.role)),
  ...kinds
    .filter((def) => def.references)
    .map((def) => concrete(createRecordReferencesResolver(def), def, 'References')),
  ...kinds
    .filter(
      (
        def,
      ): def is RecordKind & {
        parent: NonNullable<RecordKind['parent']>;
        removeFromParent: NonNullable<RecordKind['removeFromParent']>;
      } => def.parent !== undefined && def.removeFromParent !== undefined,
    )
    .map((def) => concrete(createChildRemovalResolver(def), kindOf(def.parent.kind), `${def.name}Removal`)),
  ...CATALOG_RELATIONS.flatMap((relation) =>
    createRelationResolvers(relation).map((base, i) =>
      concrete(base, kindOf(relation.owner), `${relation.relation.replace(/[^A-Z]/g, '')}${i}`),
    ),
  ),
];

const REFERENCE_SERVICES = kinds.filter((def) => def.references).map((def) => referencesServiceFor(def.kind));

@Module({
  providers: [
    CatalogLinksService,
    CatalogRecordsService,
    CatalogRelationPagesService,
    RecordRemovalResolver,
    ...REFERENCE_SERVICES,
    ...RECORD_RESOLVERS,
  ],
  exports: [CatalogRecordsService, CatalogLinksService],
})
export class CatalogRecordsModule {}
