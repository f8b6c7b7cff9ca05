import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { errorMessage } from '@platform/errors';
import { ChannelListener } from '@platform/database';
import { WEBHOOK_SETTINGS } from './webhook-settings';
import type { WebhookSettings } from './webhook-settings';
import { WEBHOOK_EVENTS_CHANNEL } from './webhooks.jobs';
import { WebhooksProducer } from './webhooks.producer';

/**
 * The worker's wake-ups: LISTEN on `hosting_webhook_events`, which the database notifies when a
 * transaction that recorded an event commits (in the API or any worker), and ask for a sweep then,
 * so a delivery starts within milliseconds rather than at the next scheduled sweep. Notifications
 * arriving while a request is on its way are folded into one more. A lost connection is opened
 * again after HOSTING_WEBHOOK_SWEEP_MS; meanwhile the scheduled sweep delivers.
 */
@Injectable()
export class WebhookEventsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookEventsListener.name);
  private readonly listener: ChannelListener;
  private stopped = false;
  private requesting = false;
  private again = false;

  constructor(
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    @Inject(WEBHOOK_SETTINGS) settings: WebhookSettings,
    private readonly producer: WebhooksProducer,
  ) {
    this.listener = new ChannelListener({
      databaseUrl: config.databaseUrl,
      applicationName: `${config.serviceName}-webhooks`,
      channel: WEBHOOK_EVENTS_CHANNEL,
      retryMs: settings.sweepEveryMs,
      onNotification: () => void this.wakeUp(),
      onRetryFailed: (error) =>
        this.logger.warn(`could not listen for webhook events again: ${errorMessage(error)}`),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // A failure here is retried by the listener itself; the scheduled sweep delivers meanwhile.
    await this.listener
      .start()
      .catch((error: unknown) =>
        this.logger.warn(`not listening for webhook events yet: ${errorMessage(error)}`),
      );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.listener.stop();
  }

  private async wakeUp(): Promise<void> {
    if (this.requesting) {
      this.again = true;
      return;
    }
    this.requesting = true;
    try {
      do {
        this.again = false;
        await this.producer.requestSweep();
      } while (this.again && !this.stopped);
    } finally {
      this.requesting = false;
    }
  }
}
