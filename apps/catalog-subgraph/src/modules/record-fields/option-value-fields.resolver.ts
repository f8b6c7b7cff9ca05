import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { OptionValuePriceListArgs } from '../options/option-value-price.input';
import { OptionValuePrice } from '../options/option-value-price.model';
import { OptionValue } from '../options/option-value.model';
import { ListOption } from '../options/option.model';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import { OPTION_KIND, OPTION_VALUE_PRICE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { OptionValueMetafieldsConnection, OptionValuePricesConnection } from './record-connections.model';
import { loadRecord, memberConnection, noMetafields } from './record-field-loaders';
import { MetafieldsArgs } from './record-fields.input';

/**
 * The fields of OptionValue beyond its columns: `option`, `metafields`, `prices`. Each is batched
 * per request.
 */
@Resolver(() => OptionValue)
export class OptionValueFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('option', () => ListOption, {
    nullable: true,
    description: 'The option this value belongs to.',
  })
  async option(
    @Parent() optionValue: OptionValue,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<ListOption | null> {
    const row = await loadRecord(this.pages, context, OPTION_KIND, optionValue.optionId);
    return row ? toRecordModel(ListOption, OPTION_KIND, row) : null;
  }

  @ResolveField('metafields', () => OptionValueMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }

  @ResolveField('prices', () => OptionValuePricesConnection, {
    nullable: true,
    description:
      'Its OptionValuePrice records (archived ones left out unless status says), oldest first by default.',
  })
  prices(
    @Parent() optionValue: OptionValue,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(OptionValuePriceListArgs) args: OptionValuePriceListArgs,
  ): Promise<ConnectionShape<OptionValuePrice>> {
    return memberConnection(
      this.pages,
      context,
      { children: OPTION_VALUE_PRICE_KIND },
      optionValue.id,
      args,
      (row) => toRecordModel(OptionValuePrice, OPTION_VALUE_PRICE_KIND, row),
    );
  }
}
