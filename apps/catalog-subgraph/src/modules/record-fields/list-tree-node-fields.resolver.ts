import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { ListTreeNodeListArgs } from '../lists/list-tree-node.input';
import { ListTreeNode } from '../lists/list-tree-node.model';
import { ListTree } from '../lists/list-tree.model';
import { ListListArgs } from '../lists/list.input';
import { List } from '../lists/list.model';
import type { CatalogReference } from '../records/catalog-reference.model';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import { LIST_KIND, LIST_TREE_KIND, LIST_TREE_NODE_KIND, relationOf } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  ListTreeNodeListsConnection,
  ListTreeNodeListTreeNodesConnection,
  ListTreeNodeMetafieldsConnection,
  ListTreeNodeReferencesConnection,
} from './record-connections.model';
import {
  firstMember,
  firstOwner,
  loadRecord,
  memberConnection,
  noMetafields,
  referencesConnection,
} from './record-field-loaders';
import { MetafieldsArgs, ReferencesArgs } from './record-fields.input';

/**
 * The fields of ListTreeNode beyond its columns: `listTree`, `lists`, `list`, `listTreeNodes`,
 * `parentListTreeNode`, `metafields`, `references`. Each is batched per request.
 */
@Resolver(() => ListTreeNode)
export class ListTreeNodeFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('listTree', () => ListTree, { nullable: true, description: 'The tree this node belongs to.' })
  async listTree(
    @Parent() listTreeNode: ListTreeNode,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<ListTree | null> {
    const row = await loadRecord(this.pages, context, LIST_TREE_KIND, listTreeNode.listTreeId);
    return row ? toRecordModel(ListTree, LIST_TREE_KIND, row) : null;
  }

  @ResolveField('lists', () => ListTreeNodeListsConnection, {
    nullable: true,
    description:
      'Its List members (archived ones left out unless status says), in the order they were added by default.',
  })
  lists(
    @Parent() listTreeNode: ListTreeNode,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(ListListArgs) args: ListListArgs,
  ): Promise<ConnectionShape<List>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('LIST_TREE_NODE:LIST'), member: LIST_KIND },
      listTreeNode.id,
      args,
      (row) => toRecordModel(List, LIST_KIND, row),
    );
  }

  @ResolveField('list', () => List, {
    nullable: true,
    description: 'The first of its lists (archived ones left out).',
  })
  async list(
    @Parent() listTreeNode: ListTreeNode,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<List | null> {
    const row = await firstMember(this.pages, context, relationOf('LIST_TREE_NODE:LIST'), listTreeNode.id);
    return row ? toRecordModel(List, LIST_KIND, row) : null;
  }

  @ResolveField('listTreeNodes', () => ListTreeNodeListTreeNodesConnection, {
    nullable: true,
    description:
      'Its ListTreeNode members (archived ones left out unless status says), in the order they were added by default.',
  })
  listTreeNodes(
    @Parent() listTreeNode: ListTreeNode,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(ListTreeNodeListArgs) args: ListTreeNodeListArgs,
  ): Promise<ConnectionShape<ListTreeNode>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('LIST_TREE_NODE:LIST_TREE_NODE'), member: LIST_TREE_NODE_KIND },
      listTreeNode.id,
      args,
      (row) => toRecordModel(ListTreeNode, LIST_TREE_NODE_KIND, row),
    );
  }

  @ResolveField('parentListTreeNode', () => ListTreeNode, {
    nullable: true,
    description: 'The ListTreeNode it was first added to (archived ones left out).',
  })
  async parentListTreeNode(
    @Parent() listTreeNode: ListTreeNode,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<ListTreeNode | null> {
    const row = await firstOwner(
      this.pages,
      context,
      relationOf('LIST_TREE_NODE:LIST_TREE_NODE'),
      listTreeNode.id,
    );
    return row ? toRecordModel(ListTreeNode, LIST_TREE_NODE_KIND, row) : null;
  }

  @ResolveField('metafields', () => ListTreeNodeMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }

  @ResolveField('references', () => ListTreeNodeReferencesConnection, {
    nullable: true,
    description: 'Its external references (an origin and the id there), by origin.',
  })
  references(
    @Parent() listTreeNode: ListTreeNode,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(ReferencesArgs) args: ReferencesArgs,
  ): Promise<ConnectionShape<CatalogReference>> {
    return referencesConnection(this.pages, context, listTreeNode.id, args);
  }
}
