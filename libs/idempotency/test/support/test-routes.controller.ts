import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { Errors } from '@platform/errors';
import type { FastifyReply } from 'fastify';
import { Idempotent } from '../../src';

/** A latch a test opens to let a held handler finish. */
export class Gate {
  private open: () => void = () => undefined;
  readonly opened = new Promise<void>((resolve) => (this.open = resolve));

  release(): void {
    this.open();
  }
}

/** What the handlers did, so tests can tell a replay from a second run. */
export const Calls = {
  count: new Map<string, number>(),
  /** When set, handlers wait for it before answering (an in-flight request). */
  gate: undefined as Gate | undefined,
  /** Number of upcoming calls of the failing route that throw. */
  failures: 0,
  reset(): void {
    this.count.clear();
    this.gate = undefined;
    this.failures = 0;
  },
  of(route: string): number {
    return this.count.get(route) ?? 0;
  },
  async enter(route: string): Promise<number> {
    const n = this.of(route) + 1;
    this.count.set(route, n);
    if (this.gate) await this.gate.opened;
    return n;
  },
};

type Json = Record<string, unknown>;

@Controller()
export class IdempotencyTestController {
  @Post('mailboxes')
  @HttpCode(202)
  @Idempotent({ format: { minLength: 16, maxLength: 64 } })
  async createMailbox(@Body() body: Json, @Res({ passthrough: true }) reply: FastifyReply): Promise<Json> {
    const call = await Calls.enter('mailboxes');
    const mailboxId = randomUUID();
    reply.header('Location', `/mailboxes/${mailboxId}`);
    return { mailboxId, status: 'EXECUTING', call, zeta: 1, alpha: body };
  }

  @Post('mailboxes/other')
  @HttpCode(202)
  @Idempotent({ format: { minLength: 16, maxLength: 64 } })
  async other(): Promise<Json> {
    return { call: await Calls.enter('other') };
  }

  @Post('mailboxes/flaky')
  @HttpCode(202)
  @Idempotent({ format: { minLength: 16, maxLength: 64 } })
  async flaky(): Promise<Json> {
    const call = await Calls.enter('flaky');
    if (Calls.failures > 0) {
      Calls.failures -= 1;
      throw Errors.unavailable('the provider did not answer');
    }
    return { call };
  }

  @Patch('apps/:appId/secrets')
  @Idempotent({ format: 'uuid', required: true })
  async patchSecrets(@Param('appId') appId: string, @Body() body: Json): Promise<Json> {
    return { appId, call: await Calls.enter('secrets'), changed: Object.keys(body).length };
  }

  @Post('apps/:appId/deployments')
  @HttpCode(202)
  @Idempotent({ format: 'uuid' })
  async deploy(@Param('appId') appId: string): Promise<Json> {
    return { appId, call: await Calls.enter('deploy') };
  }
}
