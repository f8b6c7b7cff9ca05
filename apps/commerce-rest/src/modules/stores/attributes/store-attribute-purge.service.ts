import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { StoreAttributesService } from './store-attributes.service';

/** How often each commerce process deletes expired store attributes. */
export const ATTRIBUTE_PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * Keeps the attribute table small: every ten minutes, expired rows are deleted. Reads never depend
 * on it (they filter on expires_at), so a missed or slow purge changes no answer; several
 * processes purging at once only skip each other's locked rows.
 */
@Injectable()
export class StoreAttributePurgeService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(StoreAttributePurgeService.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(private readonly attributes: StoreAttributesService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), ATTRIBUTE_PURGE_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.attributes
      .purgeExpired()
      .then((deleted) => {
        if (deleted) this.logger.log({ deleted }, 'expired store attributes purged');
      })
      .catch((err: unknown) => this.logger.error({ err }, 'store attribute purge failed'))
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
