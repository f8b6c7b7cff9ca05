import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { errorMessage } from '@platform/errors';
import { Client } from 'pg';
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
  private client?: Client;
  private stopped = false;
  private requesting = false;
  private again = false;

  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    private readonly producer: WebhooksProducer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // A failure here is retried by listen() itself; the scheduled sweep delivers meanwhile.
    await this.listen().catch((error: unknown) =>
      this.logger.warn(`not listening for webhook events yet: ${errorMessage(error)}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.config.databaseUrl,
      application_name: `${this.config.serviceName}-webhooks`,
    });
    const again = () => {
      if (this.client !== client || this.stopped) return;
      this.client = undefined;
      client.end().catch(() => undefined);
      setTimeout(
        () =>
          void this.listen().catch((error: unknown) =>
            this.logger.warn(`could not listen for webhook events again: ${errorMessage(error)}`),
          ),
        this.settings.sweepEveryMs,
      ).unref();
    };
    client.on('notification', () => void this.wakeUp());
    client.on('error', again);
    client.on('end', again);
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${WEBHOOK_EVENTS_CHANNEL}`);
    } catch (error) {
      again();
      throw error;
    }
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
