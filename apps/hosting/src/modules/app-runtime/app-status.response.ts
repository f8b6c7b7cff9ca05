import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse, appPath } from '../apps/apps.response';
import type { AppEnvironmentEntity } from '../apps/app-environment.entity';

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
    description: 'Where the variant answers (http://127.0.0.1:<port> on the worker host for now)',
  })
  url!: string | null;
  @ApiProperty({ type: Number, nullable: true }) port!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why it is RESTARTING or FAILED' })
  error!: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class AppStatusResponse {
  @ApiProperty({ example: 'NODEJS-aBcDeFgHiJ' }) appId!: string;
  @ApiProperty({ type: [VariantStatusResponse], description: 'PREVIEW then PUBLISH (empty while CREATING)' })
  variants!: VariantStatusResponse[];
  @ApiProperty({ type: [LinkResponse] }) links!: LinkResponse[];
}

const REACHABLE = new Set(['RUNNING', 'STARTING', 'RESTARTING']);

export function toAppStatusResponse(
  appId: string,
  environments: AppEnvironmentEntity[],
  runtimeHost: string,
): AppStatusResponse {
  return {
    appId,
    variants: environments.map((e) => ({
      variant: e.variant,
      state: e.runtimeState,
      desiredState: e.desiredState,
      importId: e.currentBuildId,
      port: e.port,
      url: e.port !== null && REACHABLE.has(e.runtimeState) ? `http://${runtimeHost}:${e.port}` : null,
      error: e.runtimeError,
      updatedAt: e.updatedAt.toISOString(),
    })),
    links: [
      { rel: 'self', href: `${appPath(appId)}/status` },
      { rel: 'app', href: appPath(appId) },
    ],
  };
}
