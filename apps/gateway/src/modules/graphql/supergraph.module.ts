import { Module } from '@nestjs/common';
import { HttpSemanticsModule } from '../http-semantics/http-semantics.module';
import { SupergraphService } from './supergraph.service';

/** POST /graphql: the federated supergraph of the platform's subgraphs. */
@Module({
  imports: [HttpSemanticsModule],
  providers: [SupergraphService],
})
export class SupergraphModule {}
