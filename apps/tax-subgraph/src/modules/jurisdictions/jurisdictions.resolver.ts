import { Resolver } from '@nestjs/graphql';
import { createCrudResolver } from '../shared/crud-resolver.factory';
import { TAX_SCOPES } from '../shared/tax-scopes';
import {
  MutationCreateJurisdictionInput,
  MutationUpdateJurisdictionInput,
  QueryJurisdictionsArgs,
} from './jurisdiction.input';
import { Jurisdiction, QueryJurisdictionsConnection, toJurisdiction } from './jurisdiction.model';
import { JurisdictionsService } from './jurisdictions.service';

/** jurisdiction, jurisdictions, createJurisdiction, updateJurisdiction, deleteJurisdiction. */
@Resolver(() => Jurisdiction)
export class JurisdictionsResolver extends createCrudResolver({
  name: 'Jurisdiction',
  model: Jurisdiction,
  connection: QueryJurisdictionsConnection,
  createInput: MutationCreateJurisdictionInput,
  updateInput: MutationUpdateJurisdictionInput,
  listArgs: QueryJurisdictionsArgs,
  service: JurisdictionsService,
  toModel: toJurisdiction,
  scopes: TAX_SCOPES,
}) {}
