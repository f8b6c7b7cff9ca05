/** Consecutive lines of a JSON Lines text, numbered from 1 in the whole text. */
export interface JsonlChunk {
  /** 1-based number of the chunk's first line. */
  readonly firstLine: number;
  /** Lines in the chunk, blank ones included (they keep the line numbers true). */
  readonly lineCount: number;
  /** The lines joined by "\n" ("\r\n" line ends become "\n"). */
  readonly jsonl: string;
}

export interface SplitJsonl {
  readonly chunks: JsonlChunk[];
  /** Lines that are not blank: the SKUs the text holds. */
  readonly contentLines: number;
}

/** A line holding only white space: skipped, but counted in the line numbers. */
export function isBlankLine(line: string): boolean {
  return !/\S/.test(line);
}

/**
 * Splits JSON Lines into chunks of `linesPerChunk` lines. A final line end adds no line, a
 * leading byte order mark is dropped; nothing is parsed here.
 */
export function splitJsonl(text: string, linesPerChunk: number): SplitJsonl {
  if (!Number.isInteger(linesPerChunk) || linesPerChunk < 1)
    throw new RangeError(`linesPerChunk must be a positive integer, got ${linesPerChunk}`);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const chunks: JsonlChunk[] = [];
  let contentLines = 0;
  let lines: string[] = [];
  let firstLine = 1;
  let start = 0;
  const end = body.endsWith('\n') ? body.length - 1 : body.length;
  while (start <= end && body.length > 0) {
    const newline = body.indexOf('\n', start);
    const stop = newline === -1 || newline > end ? end : newline;
    let line = body.slice(start, stop);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (!isBlankLine(line)) contentLines += 1;
    lines.push(line);
    if (lines.length === linesPerChunk) {
      chunks.push({ firstLine, lineCount: lines.length, jsonl: lines.join('\n') });
      firstLine += lines.length;
      lines = [];
    }
    start = stop + 1;
  }
  if (lines.length > 0) chunks.push({ firstLine, lineCount: lines.length, jsonl: lines.join('\n') });
  return { chunks, contentLines };
}

/** The lines of a stored chunk that are not blank, with their 1-based line numbers. */
export function* contentLinesOf(
  chunk: Pick<JsonlChunk, 'firstLine' | 'jsonl'>,
): Generator<{ line: number; text: string }> {
  let line = chunk.firstLine;
  for (const text of chunk.jsonl.split('\n')) {
    if (!isBlankLine(text)) yield { line, text };
    line += 1;
  }
}
