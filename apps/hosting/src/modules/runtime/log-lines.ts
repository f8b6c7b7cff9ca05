import { StringDecoder } from 'node:string_decoder';
import type { RuntimeLogLevel, RuntimeLogSource } from './runtime-driver';

/** Longest line kept, in characters; the rest of a longer line is dropped and marked. */
export const DEFAULT_MAX_LINE_LENGTH = 16 * 1024;

export const TRUNCATION_MARK = ' …[truncated]';

/**
 * Turns a byte stream into lines: chunks may end mid-line or mid-character (UTF-8 is decoded
 * across chunk boundaries), `\r\n` counts as one break, and a line longer than `maxLineLength`
 * is cut there with `TRUNCATION_MARK` appended while the rest of it is skipped without being
 * buffered, so an app printing a gigabyte without a newline costs no memory. `end()` emits
 * a last line that had no newline.
 */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private buffer = '';
  private skipping = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxLineLength = DEFAULT_MAX_LINE_LENGTH,
  ) {}

  push(chunk: Buffer | string): void {
    this.feed(typeof chunk === 'string' ? chunk : this.decoder.write(chunk));
  }

  end(): void {
    this.feed(this.decoder.end());
    if (this.buffer.length > 0 && !this.skipping) this.emit(this.buffer);
    this.buffer = '';
    this.skipping = false;
  }

  private feed(text: string): void {
    let start = 0;
    while (start < text.length) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      if (!this.skipping) {
        // Never take more of a segment than can still be kept (plus one to notice the overflow).
        this.buffer += text.slice(start, Math.min(end, start + this.maxLineLength + 1 - this.buffer.length));
        if (this.buffer.length > this.maxLineLength) {
          this.emit(this.buffer.slice(0, this.maxLineLength) + TRUNCATION_MARK);
          this.buffer = '';
          this.skipping = true;
        }
      }
      if (newline === -1) return;
      if (!this.skipping) this.emit(this.buffer);
      this.buffer = '';
      this.skipping = false;
      start = newline + 1;
    }
  }

  private emit(line: string): void {
    this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
  }
}

const LEVEL_NAMES: Record<string, RuntimeLogLevel> = {
  trace: 'DEBUG',
  debug: 'DEBUG',
  verbose: 'DEBUG',
  silly: 'DEBUG',
  info: 'INFO',
  information: 'INFO',
  notice: 'INFO',
  log: 'INFO',
  warn: 'WARN',
  warning: 'WARN',
  error: 'ERROR',
  err: 'ERROR',
  fatal: 'ERROR',
  critical: 'ERROR',
  crit: 'ERROR',
  alert: 'ERROR',
  emerg: 'ERROR',
  emergency: 'ERROR',
  panic: 'ERROR',
};

/**
 * The level of an app's log line: from a JSON object's `level` (or `severity`) field when the
 * line is one (pino's numbers 10..60 or a level name, any case), else by stream: STDERR is ERROR,
 * STDOUT INFO. Only lines starting with `{` are parsed, so plain text costs nothing.
 */
export function logLevelOf(source: RuntimeLogSource, line: string): RuntimeLogLevel {
  const fallback: RuntimeLogLevel = source === 'STDERR' ? 'ERROR' : 'INFO';
  if (line.length < 2 || line[0] !== '{') return fallback;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return fallback;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fallback;
  const record = parsed as Record<string, unknown>;
  const value = record['level'] ?? record['severity'];
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (value >= 50) return 'ERROR';
    if (value >= 40) return 'WARN';
    if (value >= 30) return 'INFO';
    return 'DEBUG';
  }
  if (typeof value === 'string') return LEVEL_NAMES[value.toLowerCase()] ?? fallback;
  return fallback;
}
