import { Injectable, Logger } from '@nestjs/common';
import { errorMessage } from '@platform/errors';

/** Something that stops taking new work and resolves once the work it holds is done. */
export type DrainParticipant = () => Promise<unknown>;

/**
 * The process's graceful-stop state. `begin()` (SIGTERM, see service-kit's `listen`) turns
 * readiness to 503 at once and asks every participant (e.g. each BullMQ worker) to stop taking new
 * work; the returned promise settles once they have finished what they hold.
 */
@Injectable()
export class DrainState {
  private readonly logger = new Logger('Shutdown');
  private readonly participants: { name: string; drain: DrainParticipant }[] = [];
  private drained: Promise<void> | undefined;

  get draining(): boolean {
    return this.drained !== undefined;
  }

  /** Registers work to wait for on drain (called once per participant, at boot). */
  onDrain(name: string, drain: DrainParticipant): void {
    this.participants.push({ name, drain });
  }

  begin(): Promise<void> {
    this.drained ??= Promise.all(
      this.participants.map(async ({ name, drain }) => {
        try {
          await drain();
        } catch (error) {
          this.logger.warn(`draining ${name} failed: ${errorMessage(error)}`);
        }
      }),
    ).then(() => undefined);
    return this.drained;
  }
}
