import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { OptionValuePrice } from '../options/option-value-price.model';
import { OptionValue } from '../options/option-value.model';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import { OPTION_VALUE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { OptionValuePriceMetafieldsConnection } from './record-connections.model';
import { loadRecord, noMetafields } from './record-field-loaders';
import { MetafieldsArgs } from './record-fields.input';

/**
 * The fields of OptionValuePrice beyond its columns: `optionValue`, `metafields`. Each is batched
 * per request.
 */
@Resolver(() => OptionValuePrice)
export class OptionValuePriceFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('optionValue', () => OptionValue, {
    nullable: true,
    description: 'The option value it prices.',
  })
  async optionValue(
    @Parent() optionValuePrice: OptionValuePrice,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<OptionValue | null> {
    const row = await loadRecord(this.pages, context, OPTION_VALUE_KIND, optionValuePrice.optionValueId);
    return row ? toRecordModel(OptionValue, OPTION_VALUE_KIND, row) : null;
  }

  @ResolveField('metafields', () => OptionValuePriceMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }
}
