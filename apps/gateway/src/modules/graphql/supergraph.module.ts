import { Module } from '@nestjs/common';
import { SupergraphService } from './supergraph.service';

/** POST /graphql: the federated supergraph of the platform's subgraphs. */
@Module({
  providers: [SupergraphService],
})
export class SupergraphModule {}
