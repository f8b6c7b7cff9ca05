import type { RuntimeLogLine } from '../runtime/runtime-driver';
import type { FailureLogLine } from './classify-failure';

/** Lines of a start kept to tell why it failed (the first ones: the first error comes early). */
export const MAX_START_OUTPUT_LINES = 500;

/**
 * Collects what an app writes while it is being started (AppRuntimeManager.startInLock's observer),
 * every attempt of the start included, until `close()`; the lines arrive already redacted.
 */
export class StartOutput {
  private readonly lines: FailureLogLine[] = [];
  private open = true;

  readonly observe = (line: RuntimeLogLine): void => {
    if (this.open && this.lines.length < MAX_START_OUTPUT_LINES)
      this.lines.push({ stream: line.source, message: line.message });
  };

  /** Stops collecting; the lines collected. */
  close(): readonly FailureLogLine[] {
    this.open = false;
    return this.lines;
  }
}
