#!/usr/bin/env bash
# Scaffolds one project:
#   tools/new-project.sh lib NAME TAGS
#   tools/new-project.sh app NAME TAGS [--feature FEATURE] [--worker]
# TAGS is the inside of project.json's "tags" list, e.g. '"type:app", "scope:loyalty"'.
#
# A lib gets the Nx/Jest/TS files. An app gets them plus the one shape every app has:
#   src/components.ts (the app's API, and its worker, as components the platform process composes),
#   src/main.ts (the API alone), app.module.ts, migrate.ts
#   src/config/NAME.config.ts                  the only reader of the environment
#   src/database/NAME.migration-set.ts, entities.ts, migrations/index.ts
#   src/modules/FEATURE/FEATURE.{module,controller,service,errors}.ts (+ FEATURE.service.spec.ts)
# and with --worker: src/worker.ts, worker.module.ts, config/NAME-worker.config.ts and
# modules/FEATURE/FEATURE.{jobs,processor}.ts and the feature worker module that worker.module.ts
# imports, FEATURE-worker.module.ts (FEATURE-jobs-worker.module.ts when FEATURE is NAME). Background
# work runs only in the worker, wired one way (docs/decisions.md §12): a periodic job adds
# everyJobScheduler(queue, {id, everyMs, job}) to the same feature worker module's providers.
# FEATURE defaults to NAME. An app's ports come from the one table, libs/config/src/service-ports.ts:
# add NAME to SERVICE_PORTS (and NAME-worker to WORKER_PORTS for --worker) first.
set -euo pipefail

usage() {
  echo "usage: $0 lib NAME TAGS | $0 app NAME TAGS [--feature FEATURE] [--worker]" >&2
  exit 2
}

[ $# -ge 3 ] || usage
kind=$1 name=$2 tags=$3
shift 3
feature=$name worker=false
while [ $# -gt 0 ]; do
  case $1 in
    --worker) worker=true ;;
    --feature) [ $# -ge 2 ] || usage; feature=$2; shift ;;
    *) usage ;;
  esac
  shift
done
case $kind in lib | app) ;; *) usage ;; esac
for word in "$name" "$feature"; do
  [[ $word =~ ^[a-z][a-z0-9]*(-[a-z0-9]+)*$ ]] || { echo "$word: use kebab-case (a-z, 0-9, -)" >&2; exit 2; }
done
if [ "$kind" = lib ] && [ "$worker" = true ]; then usage; fi

dir=$([ "$kind" = lib ] && echo libs || echo apps)/$name
if [ -e "$dir" ]; then
  echo "$dir already exists" >&2
  exit 1
fi
if [ "$kind" = app ]; then
  ports=libs/config/src/service-ports.ts
  grep -Eq "^\s*'?$name'?: [0-9]+," "$ports" || {
    echo "add '$name' to SERVICE_PORTS in $ports first (one table of ports)" >&2
    exit 1
  }
  if [ "$worker" = true ]; then
    grep -Eq "^\s*'$name-worker': [0-9]+," "$ports" || {
      echo "add '$name-worker' to WORKER_PORTS in $ports first (one table of ports)" >&2
      exit 1
    }
  fi
fi

mkdir -p "$dir/src"
cat > "$dir/package.json" <<JSON
{
  "name": "@platform/$name",
  "version": "0.0.0",
  "private": true
}
JSON
cat > "$dir/jest.config.ts" <<TS
export default {
  displayName: '$name',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
TS
if [ "$kind" = lib ]; then
cat > "$dir/tsconfig.lib.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "outDir": "../../dist/libs/$name", "rootDir": "../.." },
  "include": ["src/**/*.ts"],
  "exclude": ["src/**/*.spec.ts", "src/**/*.e2e-spec.ts"]
}
JSON
cat > "$dir/project.json" <<JSON
{
  "name": "$name",
  "\$schema": "../../node_modules/nx/schemas/project-schema.json",
  "sourceRoot": "$dir/src",
  "projectType": "library",
  "tags": [$tags],
  "targets": {
    "build": {
      "executor": "nx:run-commands",
      "options": { "command": "tsc -p $dir/tsconfig.lib.json" },
      "outputs": ["{workspaceRoot}/dist/libs/$name"]
    },
    "test": { "executor": "nx:run-commands", "options": { "command": "jest --config $dir/jest.config.ts" } },
    "lint": { "executor": "nx:run-commands", "options": { "command": "eslint $dir --max-warnings=0" } }
  }
}
JSON
else
cat > "$dir/tsconfig.app.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "outDir": "../../dist/apps/$name", "rootDir": "../.." },
  "include": ["src/**/*.ts"],
  "exclude": ["src/**/*.spec.ts", "src/**/*.e2e-spec.ts"]
}
JSON
cat > "$dir/project.json" <<JSON
{
  "name": "$name",
  "\$schema": "../../node_modules/nx/schemas/project-schema.json",
  "sourceRoot": "$dir/src",
  "projectType": "application",
  "tags": [$tags],
  "targets": {
    "build": {
      "executor": "nx:run-commands",
      "options": { "command": "tsc -p $dir/tsconfig.app.json && tsc-alias -p $dir/tsconfig.app.json" },
      "inputs": ["production", "^production", "{workspaceRoot}/libs/**/*.ts"],
      "outputs": ["{workspaceRoot}/dist/apps/$name"]
    },
    "serve": {
      "executor": "nx:run-commands",
      "dependsOn": ["build"],
      "options": { "command": "node dist/apps/$name/$dir/src/main.js" }
    },
    "test": { "executor": "nx:run-commands", "options": { "command": "jest --config $dir/jest.config.ts" } },
    "lint": { "executor": "nx:run-commands", "options": { "command": "eslint $dir --max-warnings=0" } }
  }
}
JSON

  # The app's source: templates below use %NAME% (kebab), %PASCAL%, %CONST%, %SCHEMA% (snake) of
  # the app (%CAMEL% its camelCase) and %FEATURE%, %FPASCAL%, %FCAMEL%, %FCONST% of the feature, %QUEUE% of its queue,
  # %FWORKER%/%FWPASCAL% of the feature worker module (FEATURE-jobs when FEATURE is NAME, whose
  # WorkerModule is the worker's root module).
  pascal() { awk -F- '{ for (i = 1; i <= NF; i++) printf "%s%s", toupper(substr($i, 1, 1)), substr($i, 2) }' <<< "$1"; }
  upper_snake() { tr 'a-z-' 'A-Z_' <<< "$1"; }
  camel() { local p; p=$(pascal "$1"); echo "$(tr '[:upper:]' '[:lower:]' <<< "${p:0:1}")${p:1}"; }
  fpascal=$(pascal "$feature")
  queue=$([ "$feature" = "$name" ] && echo "$name" || echo "$name-$feature")
  fworker=$([ "$feature" = "$name" ] && echo "$feature-jobs" || echo "$feature")
  render() {
    mkdir -p "$(dirname "$dir/src/$1")"
    sed -e "s|%NAME%|$name|g" -e "s|%PASCAL%|$(pascal "$name")|g" -e "s|%CONST%|$(upper_snake "$name")|g" \
      -e "s|%SCHEMA%|${name//-/_}|g" -e "s|%FEATURE%|$feature|g" -e "s|%FPASCAL%|$fpascal|g" \
      -e "s|%FCAMEL%|$(tr '[:upper:]' '[:lower:]' <<< "${fpascal:0:1}")${fpascal:1}|g" \
      -e "s|%CAMEL%|$(camel "$name")|g" -e "s|%FCONST%|$(upper_snake "$feature")|g" -e "s|%QUEUE%|$queue|g" \
      -e "s|%FWORKER%|$fworker|g" -e "s|%FWPASCAL%|$(pascal "$fworker")|g" > "$dir/src/$1"
  }
  mod=modules/$feature/$feature

  render components.ts <<'TS'
import { nestComponent } from '@platform/service-kit';
import { %PASCAL%AppModule } from './app.module';
import { load%PASCAL%Config } from './config/%NAME%.config';

/** The API of %NAME%: `src/main.ts` runs it alone; the platform process of single mode beside the others. */
export const %CAMEL%Service = nestComponent({
  name: '%NAME%',
  kind: 'service',
  loadConfig: load%PASCAL%Config,
  platformConfig: (config) => config,
  module: (config) => %PASCAL%AppModule.forRoot(config),
  app: { title: '%PASCAL%' },
});
TS
  render main.ts <<'TS'
// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { runComponent } from '@platform/service-kit';
import { %CAMEL%Service } from './components';

/** The process of %NAME% alone (its container; `PLATFORM_MODE=services`). */
runComponent(%CAMEL%Service);
TS
  render app.module.ts <<'TS'
import { DynamicModule, Module } from '@nestjs/common';
import type { PlatformConfig } from '@platform/config';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import { %CONST%_MIGRATION_SET } from './database/%NAME%.migration-set';
import { %FPASCAL%Module } from './modules/%FEATURE%/%FEATURE%.module';

/** The %NAME% API (schema `%SCHEMA%`): one module per feature under modules/. */
@Module({})
export class %PASCAL%AppModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: %PASCAL%AppModule,
      imports: [
        %FPASCAL%Module,
        RateLimitModule,
        ServiceKitModule.forRoot({ config, errorFamily: 'domains', migrationSets: [%CONST%_MIGRATION_SET] }),
      ],
    };
  }
}
TS
  render migrate.ts <<'TS'
import 'reflect-metadata';
import { runMigrateEntry } from '@platform/service-kit';
import { load%PASCAL%Config } from './config/%NAME%.config';
import { %CONST%_MIGRATION_SET } from './database/%NAME%.migration-set';

runMigrateEntry(() => load%PASCAL%Config(), [%CONST%_MIGRATION_SET]);
TS
  render "config/$name.config.ts" <<'TS'
import { PlatformConfig, SERVICE_PORTS, loadPlatformConfig } from '@platform/config';

/**
 * The %NAME% service's configuration, read once at start: the only reader of its
 * environment (libs/config's readers for its own variables; nothing else reads process.env).
 */
export function load%PASCAL%Config(env?: Record<string, string | undefined>): PlatformConfig {
  return loadPlatformConfig({ serviceName: '%NAME%', defaultPort: SERVICE_PORTS['%NAME%'], env });
}
TS
  render "database/$name.migration-set.ts" <<'TS'
import type { MigrationSet } from '@platform/database';
import { %CONST%_ENTITIES } from './entities';
import { %CONST%_MIGRATIONS } from './migrations';

/** The %NAME% service owns schema `%SCHEMA%`. */
export const %CONST%_MIGRATION_SET: MigrationSet = {
  schema: '%SCHEMA%',
  entities: %CONST%_ENTITIES,
  migrations: %CONST%_MIGRATIONS,
};
TS
  render database/entities.ts <<'TS'
import type { EntityList } from '@platform/database';

/**
 * Every entity of schema `%SCHEMA%` (modules/<feature>/*.entity.ts; explicit list, no globs).
 * Keep it sorted.
 */
export const %CONST%_ENTITIES: EntityList = [];
TS
  render database/migrations/index.ts <<'TS'
import type { MigrationList } from '@platform/database';

/**
 * Every migration of schema `%SCHEMA%` (`<timestamp>-<what>.ts` here), oldest first. Append new
 * ones at the end.
 */
export const %CONST%_MIGRATIONS: MigrationList = [];
TS
  render "$mod.module.ts" <<'TS'
import { Module } from '@nestjs/common';
import { %FPASCAL%Controller } from './%FEATURE%.controller';
import { %FPASCAL%Service } from './%FEATURE%.service';

/** GET /v1/%NAME%/%FEATURE%/{id}. */
@Module({
  controllers: [%FPASCAL%Controller],
  providers: [%FPASCAL%Service],
})
export class %FPASCAL%Module {}
TS
  render "$mod.controller.ts" <<'TS'
import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { %FPASCAL%Service } from './%FEATURE%.service';
import type { %FPASCAL%View } from './%FEATURE%.service';

/**
 * HTTP onto %FPASCAL%Service, nothing else. Any valid token passes until the routes name their
 * scopes (@RequiresScopes, libs/scopes); request and response DTOs go in %FEATURE%.request.ts and
 * %FEATURE%.response.ts.
 */
@ApiTags('%FEATURE%')
@ApiBearerAuth()
@Controller('v1/%NAME%/%FEATURE%')
export class %FPASCAL%Controller {
  constructor(private readonly %FCAMEL%: %FPASCAL%Service) {}

  @Get(':id')
  @ApiOperation({ summary: 'One %FEATURE% record' })
  get(@Param('id') id: string): Promise<%FPASCAL%View> {
    return this.%FCAMEL%.get(id);
  }
}
TS
  render "$mod.service.ts" <<'TS'
import { Injectable } from '@nestjs/common';
import { %FPASCAL%Errors } from './%FEATURE%.errors';

export interface %FPASCAL%View {
  readonly id: string;
}

/** The %FEATURE% feature's logic. */
@Injectable()
export class %FPASCAL%Service {
  /** Stands in for the feature's table: a %FEATURE%.entity.ts here, listed in database/entities.ts. */
  private readonly records = new Map<string, %FPASCAL%View>();

  async get(id: string): Promise<%FPASCAL%View> {
    const record = this.records.get(id);
    if (!record) throw %FPASCAL%Errors.notFound();
    return record;
  }
}
TS
  render "$mod.errors.ts" <<'TS'
import { Errors, PlatformError } from '@platform/errors';

export const %FPASCAL%ErrorCode = {
  %FCONST%_NOT_FOUND: '%FCONST%_NOT_FOUND',
} as const;

/** Every error the %FEATURE% feature answers is made here (codes documented in docs/errors.md). */
export const %FPASCAL%Errors = {
  /** Missing, or of another account: alike, 404. */
  notFound(): PlatformError {
    return Errors.notFound('no such %FEATURE%', %FPASCAL%ErrorCode.%FCONST%_NOT_FOUND);
  },
};
TS
  render "$mod.service.spec.ts" <<'TS'
import { %FPASCAL%ErrorCode } from './%FEATURE%.errors';
import { %FPASCAL%Service } from './%FEATURE%.service';

describe('%FPASCAL%Service', () => {
  it('answers a missing record with %FCONST%_NOT_FOUND', async () => {
    await expect(new %FPASCAL%Service().get('missing')).rejects.toMatchObject({
      status: 404,
      code: %FPASCAL%ErrorCode.%FCONST%_NOT_FOUND,
    });
  });
});
TS

  if [ "$worker" = true ]; then
  cat >> "$dir/src/components.ts" <<TS

/** The worker of $name (health only): \`src/worker.ts\` runs it alone. */
export const $(camel "$name")Worker = nestComponent({
  name: '$name-worker',
  kind: 'worker',
  loadConfig: load$(pascal "$name")WorkerConfig,
  platformConfig: (config) => config,
  module: (config) => $(pascal "$name")WorkerModule.forRoot(config),
  app: { title: '$(pascal "$name") worker', description: 'Runs the jobs of queue $queue; health only', openApi: false },
});
TS
  sed -i "1a import { load$(pascal "$name")WorkerConfig } from './config/$name-worker.config';\nimport { $(pascal "$name")WorkerModule } from './worker.module';" "$dir/src/components.ts"
  render worker.ts <<'TS'
// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { runComponent } from '@platform/service-kit';
import { %CAMEL%Worker } from './components';

/** Second entry point of %NAME%: its worker alone, with health endpoints on its own port. */
runComponent(%CAMEL%Worker);
TS
  render worker.module.ts <<'TS'
import { DynamicModule, Module } from '@nestjs/common';
import type { PlatformConfig } from '@platform/config';
import { QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { %CONST%_MIGRATION_SET } from './database/%NAME%.migration-set';
import { %FWPASCAL%WorkerModule } from './modules/%FEATURE%/%FWORKER%-worker.module';

/**
 * The %NAME% worker: consumes `%QUEUE%`. Serves only /health/live, /health/ready and /metrics on
 * its own port.
 */
@Module({})
export class %PASCAL%WorkerModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: %PASCAL%WorkerModule,
      imports: [
        // ---- Feature worker modules (each registers its queues and processors), sorted. ----
        %FWPASCAL%WorkerModule,
        // ---- Infrastructure every feature worker module needs. ----
        QueueModule.forRoot(),
        ServiceKitModule.forRoot({ config, errorFamily: 'domains', migrationSets: [%CONST%_MIGRATION_SET] }),
      ],
    };
  }
}
TS
  render "modules/$feature/$fworker-worker.module.ts" <<'TS'
import { Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { %FPASCAL%Queue } from './%FEATURE%.jobs';
import { %FPASCAL%Processor } from './%FEATURE%.processor';

/**
 * The worker's side of %FEATURE%: consumes `%QUEUE%`. Its processors (one per queue) and
 * schedulers are listed here, never in worker.module.ts. Needs QueueModule.forRoot() and
 * ServiceKitModule in the worker's root module.
 */
@Module({
  imports: [QueueModule.registerQueues(%FPASCAL%Queue)],
  providers: [%FPASCAL%Processor],
})
export class %FWPASCAL%WorkerModule {}
TS
  render "config/$name-worker.config.ts" <<'TS'
import { PlatformConfig, WORKER_PORTS, loadPlatformConfig } from '@platform/config';

/**
 * The %NAME% worker's configuration: the only reader of its environment; its own name
 * and port.
 */
export function load%PASCAL%WorkerConfig(env?: Record<string, string | undefined>): PlatformConfig {
  return loadPlatformConfig({ serviceName: '%NAME%-worker', defaultPort: WORKER_PORTS['%NAME%-worker'], env });
}
TS
  render "$mod.jobs.ts" <<'TS'
import { declareQueue } from '@platform/queue';

/**
 * Queue `%QUEUE%`: the API adds its jobs, the worker's
 * %FPASCAL%Processor runs them.
 */
export const %FPASCAL%Queue = declareQueue({ name: '%QUEUE%', jobs: ['%FEATURE%.run'] });
TS
  render "$mod.processor.ts" <<'TS'
import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { %FPASCAL%Queue } from './%FEATURE%.jobs';

/**
 * Consumes `%QUEUE%`: one handler per declared job; a job's real work goes in
 * a *.runner.ts beside it.
 */
@Processor(%FPASCAL%Queue.name, WorkerDefaults)
export class %FPASCAL%Processor extends JobDispatcherHost {
  private readonly logger = new Logger(%FPASCAL%Processor.name);

  protected readonly dispatcher = createJobDispatcher(%FPASCAL%Queue, {
    '%FEATURE%.run': async (job) => {
      this.logger.log(`ran job ${job.id}`);
      return {};
    },
  });
}
TS
  fi
  echo "next: a row in apps/gateway/src/routes/route-table.ts (its comment naming $dir/src/modules/$feature)," \
    "its k8s manifests, and an OpenAPI document (src/openapi/, docs/openapi/) as the other apps have" >&2
fi
# The generated JSON is not in the repo's Prettier style; npm test checks it.
npx prettier --write --log-level warn "$dir"
