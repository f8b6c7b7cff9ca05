import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import { WorkerHost } from '@nestjs/bullmq';
import {
  Inject,
  Injectable,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService, HttpAdapterHost, ModuleRef } from '@nestjs/core';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { Errors, errorFamilyOf, renderErrorBody } from '@platform/errors';
import { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { PlatformQueue, queueConnectionOptions } from './queue-connection';

/** Where a worker serves its queue dashboard. */
export const QUEUE_DASHBOARD_PATH = '/queues';
/** The one user name of the dashboard's Basic credential (the password is QUEUE_DASHBOARD_PASSWORD). */
export const QUEUE_DASHBOARD_USER = 'admin';

const REALM = 'Basic realm="queue dashboard", charset="UTF-8"';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Whether an Authorization header carries `admin` and the dashboard password (HTTP Basic). Both
 * sides are hashed first, so the comparison is constant-time whatever their lengths.
 */
export function isDashboardCredential(header: string | undefined, password: string): boolean {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const expected = `${QUEUE_DASHBOARD_USER}:${password}`;
  return timingSafeEqual(digest(decoded), digest(expected));
}

/**
 * Bull Board (a maintained queue dashboard) on a worker's own port, at /queues: the queues this
 * worker processes (found from its BullMQ processors), their jobs, counts and failures. Part of
 * QueueModule.forRoot(), so every worker has it and API processes (no processors) do not.
 * - Off unless QUEUE_DASHBOARD_PASSWORD is set (then /queues answers 404 like any unknown path).
 * - Behind HTTP Basic with user `admin` and that password (an operator's credential, not a
 *   customer token: the dashboard spans every account's jobs); a wrong or missing one is a 401 in
 *   the app's error shape with `WWW-Authenticate: Basic`.
 * - Read-only unless QUEUE_DASHBOARD_WRITABLE=true: no retry, promote, clean or remove.
 * Its queue handles open their own Redis connections (BullMQ's rule) and close on shutdown.
 */
@Injectable()
export class QueueDashboard implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly queues: Queue[] = [];
  private board?: ReturnType<typeof createBullBoard>;

  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly discovery: DiscoveryService,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Mounts the routes before the server starts (the queues are added once the workers exist). */
  onModuleInit(): void {
    const { password } = this.config.queueDashboard;
    if (!password || this.processors().length === 0) return;
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    const serverAdapter = new BullBoardFastifyAdapter();
    serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
    this.board = createBullBoard({
      queues: [],
      serverAdapter,
      options: { uiConfig: { boardTitle: this.config.serviceName } },
    });
    const family = errorFamilyOf((token) => this.moduleRef.get(token, { strict: false }));
    void fastify.register(
      async (scope) => {
        scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
          if (isDashboardCredential(request.headers.authorization, password)) return;
          const error = Errors.unauthorized('the queue dashboard needs its admin credential (HTTP Basic)');
          await reply
            .code(401)
            .header('WWW-Authenticate', REALM)
            .send(renderErrorBody(family, error, String(request.id)));
        });
        await scope.register(serverAdapter.registerPlugin() as never);
      },
      { prefix: QUEUE_DASHBOARD_PATH },
    );
  }

  onApplicationBootstrap(): void {
    if (!this.board) return;
    const readOnlyMode = !this.config.queueDashboard.writable;
    for (const name of this.processedQueueNames()) {
      // A worker stopped right after it booted may still be connecting these: they close quietly.
      const queue = new PlatformQueue(name, {
        connection: queueConnectionOptions({
          ...this.config,
          serviceName: `${this.config.serviceName}:dashboard`,
        }),
        prefix: this.config.redisKeyPrefix,
      });
      this.queues.push(queue);
      this.board.addQueue(new BullMQAdapter(queue, { readOnlyMode }));
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }

  /** This process's BullMQ processors (`@Processor(name)` classes): none in an API process. */
  private processors(): WorkerHost[] {
    return this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is WorkerHost => instance instanceof WorkerHost);
  }

  /** The queues this process works on, sorted (their workers exist once the app bootstraps). */
  private processedQueueNames(): string[] {
    return [...new Set(this.processors().map((processor) => processor.worker.name))].sort();
  }
}
