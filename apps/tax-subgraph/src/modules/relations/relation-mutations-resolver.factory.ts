import { Type } from '@nestjs/common';
import { Resolver } from '@nestjs/graphql';
import { createRelationResolver } from '@platform/graphql-subgraph';
import { TAX_SCOPES } from '../shared/tax-scopes';
import type { RelationKind } from './member-kind';
import type { OwnerRelations } from './owner-relations.service';

interface RelationSpec {
  readonly kind: RelationKind;
  readonly addName: string;
  readonly removeName: string;
  readonly idsField: string;
  readonly idType: 'ID' | 'String';
}

/**
 * The add/remove mutations of an owner, spelled as the public tax schema spells them (including
 * its irregular `addSkusGroupsToClassification` and `removeSkusGroupsFromOverride`).
 */
export function relationSpecs(owner: 'Classification' | 'Override'): RelationSpec[] {
  return [
    {
      kind: 'RATE',
      addName: `addRatesTo${owner}`,
      removeName: `removeRatesFrom${owner}`,
      idsField: 'rateIds',
      idType: 'ID',
    },
    {
      kind: 'LIST',
      addName: `addListsTo${owner}`,
      removeName: `removeListsFrom${owner}`,
      idsField: 'listIds',
      idType: 'String',
    },
    {
      kind: 'SKU_GROUP',
      addName: owner === 'Classification' ? 'addSkusGroupsToClassification' : 'addSkuGroupsToOverride',
      removeName: `removeSkusGroupsFrom${owner}`,
      idsField: 'skuGroupIds',
      idType: 'String',
    },
    {
      kind: 'SKU',
      addName: `addSkusTo${owner}`,
      removeName: `removeSkusFrom${owner}`,
      idsField: 'skuIds',
      idType: 'String',
    },
  ];
}

/**
 * One concrete resolver class per relation kind of `owner` (8 mutations), all from the lib's
 * generic relation resolver; scope commerce.tax:write.
 */
export function relationMutationResolvers<E, M>(
  owner: 'Classification' | 'Override',
  model: Type<M>,
  service: Type<OwnerRelations<E>>,
  toModel: (entity: E) => M,
): Type<unknown>[] {
  return relationSpecs(owner).map((spec) => {
    const Base = createRelationResolver<E, M, RelationKind>({
      model,
      service,
      kind: spec.kind,
      addName: spec.addName,
      removeName: spec.removeName,
      ownerArg: owner === 'Classification' ? 'classificationId' : 'overrideId',
      idsField: spec.idsField,
      idType: spec.idType,
      toModel,
      scopes: TAX_SCOPES.write,
    });
    @Resolver(() => model)
    class RelationMutations extends Base {}
    Object.defineProperty(RelationMutations, 'name', { value: `${spec.addName}Resolver` });
    return RelationMutations as unknown as Type<unknown>;
  });
}
