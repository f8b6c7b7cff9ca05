import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import { InternalRoute } from '@platform/auth';
import type { HostingPlan } from '@platform/contracts';
import type { FastifyReply } from 'fastify';
import { HostingPlansService } from './hosting-plans.service';
import {
  HostingPlanAccountParams,
  HostingPlanParams,
  HostingPlanRequest,
} from './internal-hosting-plans.request';
import type { SubscriptionEntity } from './subscription.entity';

function toHostingPlan(plan: SubscriptionEntity): HostingPlan {
  return {
    reference: plan.reference ?? '',
    subscriptionId: plan.subscriptionId,
    hostingProduct: plan.hostingProduct,
    slotLimit: plan.slotLimit,
    status: plan.status,
  };
}

/**
 * Hosting plans the Shopping API provisions for an account, with the internal credential
 * (docs/hosting.md, "Hosting plans for the Shopping API").
 */
@Controller('internal/v1/accounts/:accountId/hosting-plans')
export class InternalHostingPlansController {
  constructor(private readonly plans: HostingPlansService) {}

  /** 201 the new ACTIVE plan; 200 with the same body when the reference already made it. */
  @Post()
  @InternalRoute()
  async provision(
    @Param() params: HostingPlanAccountParams,
    @Body() body: HostingPlanRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<HostingPlan> {
    const { plan, created } = await this.plans.provision(params.accountId, body);
    reply.status(created ? 201 : 200);
    return toHostingPlan(plan);
  }

  /** 200 the plan; 404 HOSTING_PLAN_NOT_FOUND. */
  @Get(':reference')
  @InternalRoute()
  async get(@Param() params: HostingPlanParams): Promise<HostingPlan> {
    return toHostingPlan(await this.plans.get(params.accountId, params.reference));
  }
}
