import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { CheckoutQueue } from './checkout.jobs';
import { CheckoutService } from './checkout.service';

/** Consumes `shopping-checkout`: cancels the live sessions past their expires_at, in batches. */
@Processor(CheckoutQueue.name, WorkerDefaults)
export class CheckoutProcessor extends JobDispatcherHost {
  private readonly logger = new Logger(CheckoutProcessor.name);

  constructor(private readonly checkout: CheckoutService) {
    super();
  }

  protected readonly dispatcher = createJobDispatcher(CheckoutQueue, {
    'checkout.expire': async () => {
      const canceled = await this.checkout.cancelExpired(new Date());
      if (canceled > 0) this.logger.log(`canceled ${canceled} expired checkout sessions`);
      return { canceled };
    },
  });
}
