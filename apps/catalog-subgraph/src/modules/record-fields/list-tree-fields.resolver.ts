import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { ListTreeNodeListArgs } from '../lists/list-tree-node.input';
import { ListTreeNode } from '../lists/list-tree-node.model';
import { ListTree } from '../lists/list-tree.model';
import type { CatalogReference } from '../records/catalog-reference.model';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import { LIST_TREE_NODE_KIND, relationOf } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  ListTreeListTreeNodesConnection,
  ListTreeMetafieldsConnection,
  ListTreeReferencesConnection,
  ListTreeRootNodesConnection,
} from './record-connections.model';
import { channelIds, memberConnection, noMetafields, referencesConnection } from './record-field-loaders';
import { MetafieldsArgs, ReferencesArgs } from './record-fields.input';

/**
 * The fields of ListTree beyond its columns: `rootNodes`, `channelIds`, `metafields`, `references`,
 * `listTreeNodes`. Each is batched per request.
 */
@Resolver(() => ListTree)
export class ListTreeFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('rootNodes', () => ListTreeRootNodesConnection, {
    nullable: true,
    description:
      'Its ListTreeNode members (archived ones left out unless status says), in the order they were added by default.',
  })
  rootNodes(
    @Parent() listTree: ListTree,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(ListTreeNodeListArgs) args: ListTreeNodeListArgs,
  ): Promise<ConnectionShape<ListTreeNode>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('LIST_TREE:LIST_TREE_NODE'), member: LIST_TREE_NODE_KIND },
      listTree.id,
      args,
      (row) => toRecordModel(ListTreeNode, LIST_TREE_NODE_KIND, row),
    );
  }

  @ResolveField('channelIds', () => [String], {
    description: 'Ids of the commerce channels it is assigned to.',
  })
  channelIds(@Parent() listTree: ListTree, @SubgraphCtx() context: SubgraphContext): Promise<string[]> {
    return channelIds(this.pages, context, 'LIST_TREE:CHANNEL', listTree.id);
  }

  @ResolveField('metafields', () => ListTreeMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }

  @ResolveField('references', () => ListTreeReferencesConnection, {
    nullable: true,
    description: 'Its external references (an origin and the id there), by origin.',
  })
  references(
    @Parent() listTree: ListTree,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(ReferencesArgs) args: ReferencesArgs,
  ): Promise<ConnectionShape<CatalogReference>> {
    return referencesConnection(this.pages, context, listTree.id, args);
  }

  @ResolveField('listTreeNodes', () => ListTreeListTreeNodesConnection, {
    nullable: true,
    description:
      'Its ListTreeNode records (archived ones left out unless status says), oldest first by default.',
  })
  listTreeNodes(
    @Parent() listTree: ListTree,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(ListTreeNodeListArgs) args: ListTreeNodeListArgs,
  ): Promise<ConnectionShape<ListTreeNode>> {
    return memberConnection(
      this.pages,
      context,
      { children: LIST_TREE_NODE_KIND },
      listTree.id,
      args,
      (row) => toRecordModel(ListTreeNode, LIST_TREE_NODE_KIND, row),
    );
  }
}
