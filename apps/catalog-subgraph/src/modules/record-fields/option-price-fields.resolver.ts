import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { OptionPrice } from '../options/option-price.model';
import { ListOption } from '../options/option.model';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import { OPTION_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { OptionPriceMetafieldsConnection } from './record-connections.model';
import { loadRecord, noMetafields } from './record-field-loaders';
import { MetafieldsArgs } from './record-fields.input';

/** The fields of OptionPrice beyond its columns: `option`, `metafields`. Each is batched per request. */
@Resolver(() => OptionPrice)
export class OptionPriceFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('option', () => ListOption, { nullable: true, description: 'The option it prices.' })
  async option(
    @Parent() optionPrice: OptionPrice,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<ListOption | null> {
    const row = await loadRecord(this.pages, context, OPTION_KIND, optionPrice.optionId);
    return row ? toRecordModel(ListOption, OPTION_KIND, row) : null;
  }

  @ResolveField('metafields', () => OptionPriceMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }
}
