import { Type } from '@nestjs/common';
import { createIdListInput } from '@platform/graphql-subgraph';
import type { RelationKind } from './member-kind';

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

function capitalize(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The input types of an owner's add/remove mutations by mutation name
 * (`MutationAddRatesToClassificationInput` for `addRatesToClassification`: `{ rateIds }`).
 */
export function relationInputs(
  owner: 'Classification' | 'Override',
): Record<string, Type<Record<string, string[]>>> {
  const inputs: Record<string, Type<Record<string, string[]>>> = {};
  for (const spec of relationSpecs(owner)) {
    for (const name of [spec.addName, spec.removeName]) {
      inputs[name] = createIdListInput(`Mutation${capitalize(name)}Input`, spec.idsField, spec.idType);
    }
  }
  return inputs;
}
