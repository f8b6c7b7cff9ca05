import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse, appPath } from '../apps/apps.response';
import type { AppEnvironmentEntity } from '../apps/app-environment.entity';
import type { VariantUrls } from '../apps/variant-urls.service';
import { FailureResponse, toFailureResponse } from '../failures/failure.response';

export class InstanceStatusResponse {
  @ApiProperty({ description: 'Its slot, 0 to instances − 1 (a replacement takes the slot it replaces)' })
  index!: number;
  @ApiProperty({
    description:
      'Unique per launched instance (crash restarts keep it; a restart gives a new one); a pod name on Kubernetes',
  })
  id!: string;
  @ApiProperty({
    enum: ['STOPPED', 'STARTING', 'RUNNING', 'RESTARTING', 'STOPPING', 'FAILED'],
    description: 'Open enum',
  })
  state!: string;
  @ApiProperty({ description: 'Relaunches after a crash (or a failed readiness)' }) restarts!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Exit code of its last end' })
  lastExitCode!: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'SIGKILL', description: 'Signal of its last end' })
  lastSignal!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'out of memory',
    description:
      'How its last end is told: `out of memory` (its memory bound ended it: the kernel’s cgroup, the RSS watchdog, or OOMKilled on Kubernetes), `over its process limit`, `killed by <signal>`, `exit code <n>`; null before its first end',
  })
  lastExit!: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 71,
    description:
      'Memory its whole sandbox uses now, in MB (heap, Buffers and native memory: the cgroup’s charge, or the watchdog’s RSS sample), as the worker’s status sync sampled it (every 2 s; written again once it moved by 1/32 of the bound, at least 4 MB); compare with the variant’s memoryLimitMb. Null while it does not run, and on the Kubernetes runtime (not measured)',
  })
  memoryMb!: number | null;
  @ApiProperty({
    description:
      'Whether /hosted sends it requests: RUNNING, past its start’s health gate, and not taken out of the rotation by a health check failing 3 times in a row since (it comes back at the next passing probe; the process keeps running). On Kubernetes: its pod is ready',
  })
  inRotation!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) startedAt!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'When it last became ready',
  })
  readyAt!: string | null;
}

export class VariantStatusResponse {
  @ApiProperty({ enum: ['PREVIEW', 'PUBLISH'] }) variant!: string;
  @ApiProperty({
    enum: ['STOPPED', 'STARTING', 'RUNNING', 'RESTARTING', 'STOPPING', 'FAILED'],
    description: 'What the worker last saw of the process; open enum',
  })
  state!: string;
  @ApiProperty({ enum: ['STOPPED', 'RUNNING'], description: 'What the platform wants' })
  desiredState!: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'The import running here' })
  importId!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uri',
    description:
      'Where the variant answers through the gateway: `<PUBLIC_BASE_URL>/hosted/{appId}/{preview|publish}/`; null while nothing runs',
  })
  url!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'PUBLISH: the deployment running there',
  })
  deploymentId!: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The process port on the worker host (loopback; diagnostics only)',
  })
  port!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['NETNS', 'CLUSTER', 'NONE'],
    description:
      'How the variant is kept apart from the platform: NETNS (a sandbox with its own network), CLUSTER (a pod under NetworkPolicies), NONE (HOSTING_UNISOLATED=allow: no network isolation); null before a worker ran it',
  })
  isolation!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['INTERNET', 'NONE', 'UNRESTRICTED'],
    description:
      'Where the variant may connect to: INTERNET (beyond the host and private networks only, never the platform), NONE (its own loopback only: HOSTING_APP_EGRESS=none, or a sandbox on a host without nft), UNRESTRICTED (HOSTING_UNISOLATED=allow: the worker host’s network); null before a worker ran it',
  })
  egress!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why it is RESTARTING or FAILED' })
  error!: string | null;
  @ApiProperty({
    type: FailureResponse,
    nullable: true,
    description:
      'Why an instance last ended against its will where a phase says it: RESOURCES (OUT_OF_MEMORY: over its memory bound; PROCESS_LIMIT), firstError the driver’s words (`out of memory: the kernel killed it at its memory bound of 256 MB (cgroup-v1)`). Kept while the relaunched instance runs, until a start, deployment or restart replaces the instances; null when none ended so (a plain crash is told by the instances’ lastExit and by error)',
  })
  failure!: FailureResponse | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 256,
    description:
      'The memory bound of each instance in MB (HOSTING_APP_MEMORY_MB: all of its memory, not only the heap); null before a worker ran the variant',
  })
  memoryLimitMb!: number | null;
  @ApiProperty({
    minimum: 1,
    maximum: 10,
    description: 'How many instances should serve (PATCH …/apps/{appId})',
  })
  desiredInstances!: number;
  @ApiProperty({
    type: [InstanceStatusResponse],
    description:
      'Every instance as the worker last saw it (within 2 s); during a deploy or restart the new ones follow the old',
  })
  instances!: InstanceStatusResponse[];
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class AppStatusResponse {
  @ApiProperty({ example: 'NODEJS-aBcDeFgHiJ' }) appId!: string;
  @ApiProperty({ type: [VariantStatusResponse], description: 'PREVIEW then PUBLISH (empty while CREATING)' })
  variants!: VariantStatusResponse[];
  @ApiProperty({ type: [LinkResponse] }) links!: LinkResponse[];
}

export function toAppStatusResponse(
  appId: string,
  environments: AppEnvironmentEntity[],
  urls: VariantUrls,
): AppStatusResponse {
  return {
    appId,
    variants: environments.map((e) => ({
      variant: e.variant,
      state: e.runtimeState,
      desiredState: e.desiredState,
      importId: e.currentBuildId,
      deploymentId: e.currentDeploymentId,
      port: e.port,
      url: urls.ofEnvironment(e),
      isolation: e.runtimeIsolation,
      egress: e.runtimeEgress,
      error: e.runtimeError,
      failure: e.runtimeFailure ? toFailureResponse(e.runtimeFailure) : null,
      memoryLimitMb: e.runtimeMemoryLimitMb,
      desiredInstances: e.instances,
      instances: e.runtimeInstances.map((i) => ({
        ...i,
        lastExit: i.lastExit ?? null,
        memoryMb: i.memoryMb ?? null,
        inRotation: i.inRotation ?? i.state === 'RUNNING',
      })),
      updatedAt: e.updatedAt.toISOString(),
    })),
    links: [
      { rel: 'self', href: `${appPath(appId)}/status` },
      { rel: 'app', href: appPath(appId) },
    ],
  };
}
