import { ApiProperty } from '@nestjs/swagger';
import type { Variant } from '../apps/app-environment.entity';
import { LinkResponse, appPath } from '../apps/apps.response';
import type { DeploymentOperationEntity } from '../deployments/deployment-operation.entity';
import { deploymentPath, earlierDeploymentStatus } from '../deployments/deployments.response';
import type { ReleasePage, ReleaseView } from './releases.service';
import { encodeReleasePageToken, releaseListBinding } from './release-page-token';

export const releasesPath = (appId: string): string => `${appPath(appId)}/releases`;

class ReleaseOperationResponse {
  @ApiProperty({ enum: ['IMPORT', 'DEPLOYMENT'], description: 'Open enum' }) type!: string;
  @ApiProperty({ format: 'uuid', description: 'The import or deployment (a rollback is one)' }) id!: string;
}

class StartCommandResponse {
  @ApiProperty({ example: 'node' }) command!: string;
  @ApiProperty({ type: [String], example: ['server.js'] }) args!: string[];
}

class ReleaseRuntimeResponse {
  @ApiProperty({ type: StartCommandResponse }) startCommand!: StartCommandResponse;
  @ApiProperty({ description: 'The memory budget it ran with (MB)' }) memoryMb!: number;
}

class ReleaseRefResponse {
  @ApiProperty({ format: 'uuid' }) releaseId!: string;
  @ApiProperty({ type: Number, nullable: true, example: 1 }) version!: number | null;
}

export class ReleaseResponse {
  @ApiProperty({ format: 'uuid' }) releaseId!: string;
  @ApiProperty({ example: 'NODEJS-aBcDeFgHiJ' }) appId!: string;
  @ApiProperty({ enum: ['PREVIEW', 'PUBLISH'] }) variant!: string;
  @ApiProperty({ description: 'v1, v2, … per variant, in the order the releases were made', example: 3 })
  version!: number;
  @ApiProperty({ type: ReleaseOperationResponse, description: 'What made it' })
  operation!: ReleaseOperationResponse;
  @ApiProperty({ format: 'uuid', description: 'The import whose build it runs' }) importId!: string;
  @ApiProperty({
    description: 'The version of the variant’s secret set it ran with (the values are never shown)',
  })
  secretsVersion!: number;
  @ApiProperty({ type: ReleaseRuntimeResponse }) runtime!: ReleaseRuntimeResponse;
  @ApiProperty({
    type: ReleaseRefResponse,
    nullable: true,
    description: 'For a rollback’s release: the release it ran again',
  })
  rollbackOf!: ReleaseRefResponse | null;
  @ApiProperty({
    description:
      'Its build is kept (one of the newest HOSTING_RELEASES_KEPT of the variant): POST …/rollback accepts it',
  })
  eligibleForRollback!: boolean;
  @ApiProperty({ description: 'The variant’s newest release: what the variant runs' }) current!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: [LinkResponse], description: 'operation, app' }) links!: LinkResponse[];
}

export class ReleasePageResponse {
  @ApiProperty({ type: [ReleaseResponse], description: 'Newest first' }) items!: ReleaseResponse[];
  @ApiProperty({ type: [LinkResponse], description: 'self; next while older releases follow' })
  links!: LinkResponse[];
}

function operationHref(view: ReleaseView): string {
  const { release } = view;
  return release.operationType === 'IMPORT'
    ? `${appPath(release.appId)}/imports/${release.operationId}`
    : deploymentPath(release.appId, release.operationId);
}

export function toReleaseResponse(view: ReleaseView): ReleaseResponse {
  const { release } = view;
  return {
    releaseId: release.id,
    appId: release.appId,
    variant: release.variant,
    version: release.version,
    operation: { type: release.operationType, id: release.operationId },
    importId: release.importId,
    secretsVersion: release.secretsVersion,
    runtime: { startCommand: release.runtime.startCommand, memoryMb: release.runtime.memoryMb },
    rollbackOf: release.rollbackOf
      ? { releaseId: release.rollbackOf, version: view.rollbackOfVersion }
      : null,
    eligibleForRollback: view.eligibleForRollback,
    current: view.current,
    createdAt: release.createdAt.toISOString(),
    links: [
      { rel: 'operation', href: operationHref(view) },
      { rel: 'app', href: appPath(release.appId) },
    ],
  };
}

export function toReleasePage(
  appId: string,
  accountId: string,
  page: ReleasePage,
  query: { variant: Variant; pageSize: number; pageToken?: string },
): ReleasePageResponse {
  const href = (pageToken?: string): string => {
    const params = new URLSearchParams({ variant: query.variant, pageSize: String(query.pageSize) });
    if (pageToken) params.set('pageToken', pageToken);
    return `${releasesPath(appId)}?${params.toString()}`;
  };
  const links = [{ rel: 'self', href: href(query.pageToken) }];
  if (page.next !== undefined)
    links.push({
      rel: 'next',
      href: href(
        encodeReleasePageToken(
          page.next,
          releaseListBinding(appId, query.variant, accountId, query.pageSize),
        ),
      ),
    });
  return { items: page.items.map(toReleaseResponse), links };
}

/** Earlier namespace (public-counterparts §3.3): 200 `{rollbackFrom, commitHash, deploymentId, status}`. */
export class NodejsRollbackResponse {
  @ApiProperty({ format: 'uuid', description: 'The deployment PUBLISH ran before the rollback' })
  rollbackFrom!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Always null: sources are uploads, not git' })
  commitHash!: null;
  @ApiProperty({ format: 'uuid', description: 'The rollback’s own deployment (GET …/deployments lists it)' })
  deploymentId!: string;
  @ApiProperty({ enum: ['pending', 'deploying', 'deployed', 'failed'], description: 'Open enum' })
  status!: string;
}

export const toNodejsRollbackResponse = (
  rollbackFrom: string,
  operation: DeploymentOperationEntity,
): NodejsRollbackResponse => ({
  rollbackFrom,
  commitHash: null,
  deploymentId: operation.id,
  status: earlierDeploymentStatus(operation),
});
