import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { AttributeValue } from '../attributes/attribute-value.model';
import { Attribute } from '../attributes/attribute.model';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import { ATTRIBUTE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { AttributeValueMetafieldsConnection } from './record-connections.model';
import { loadRecord, noMetafields } from './record-field-loaders';
import { MetafieldsArgs } from './record-fields.input';

/**
 * The fields of AttributeValue beyond its columns: `attribute`, `metafields`. Each is batched per
 * request.
 */
@Resolver(() => AttributeValue)
export class AttributeValueFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('attribute', () => Attribute, {
    nullable: true,
    description: 'The attribute this value belongs to.',
  })
  async attribute(
    @Parent() attributeValue: AttributeValue,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<Attribute | null> {
    const row = await loadRecord(this.pages, context, ATTRIBUTE_KIND, attributeValue.attributeId);
    return row ? toRecordModel(Attribute, ATTRIBUTE_KIND, row) : null;
  }

  @ResolveField('metafields', () => AttributeValueMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }
}
