import { LineSplitter, TRUNCATION_MARK, logLevelOf } from './log-lines';

function split(chunks: Array<string | Buffer>, maxLineLength?: number): string[] {
  const lines: string[] = [];
  const splitter = new LineSplitter((line) => lines.push(line), maxLineLength);
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return lines;
}

describe('LineSplitter', () => {
  it('joins partial lines across chunks and splits several lines in one chunk', () => {
    expect(split(['hel', 'lo\nwor', 'ld\n', 'a\nb\nc\n'])).toEqual(['hello', 'world', 'a', 'b', 'c']);
  });

  it('treats CRLF as one break and keeps empty lines', () => {
    expect(split(['one\r\n\r\ntwo\r', '\n'])).toEqual(['one', '', 'two']);
  });

  it('emits a last line without a newline at end()', () => {
    expect(split(['no newline at the end'])).toEqual(['no newline at the end']);
    expect(split([])).toEqual([]);
  });

  it('decodes a multi-byte character split between chunks', () => {
    const bytes = Buffer.from('é€😀\n', 'utf8');
    expect(
      split([bytes.subarray(0, 1), bytes.subarray(1, 4), bytes.subarray(4, 7), bytes.subarray(7)]),
    ).toEqual(['é€😀']);
  });

  it('cuts a line longer than the limit, skips its rest without buffering it, and goes on with the next line', () => {
    const lines = split(['x'.repeat(6), 'y'.repeat(10_000), 'z'.repeat(10_000), '\nnext line\n'], 10);
    expect(lines).toEqual([`xxxxxxyyyy${TRUNCATION_MARK}`, 'next line']);
    expect(split(['a'.repeat(10), '\n'], 10)).toEqual(['a'.repeat(10)]);
    expect(split(['a'.repeat(11)], 10)).toEqual([`${'a'.repeat(10)}${TRUNCATION_MARK}`]);
  });
});

describe('logLevelOf', () => {
  it.each([
    ['STDOUT', 'plain text', 'INFO'],
    ['STDERR', 'plain text', 'ERROR'],
    ['SYSTEM', 'plain text', 'INFO'],
    ['STDOUT', '{"level":10,"msg":"x"}', 'DEBUG'],
    ['STDOUT', '{"level":20}', 'DEBUG'],
    ['STDERR', '{"level":30}', 'INFO'],
    ['STDOUT', '{"level":40}', 'WARN'],
    ['STDOUT', '{"level":50}', 'ERROR'],
    ['STDOUT', '{"level":60}', 'ERROR'],
    ['STDOUT', '{"level":"warn"}', 'WARN'],
    ['STDOUT', '{"level":"WARNING"}', 'WARN'],
    ['STDOUT', '{"level":"fatal"}', 'ERROR'],
    ['STDOUT', '{"level":"trace"}', 'DEBUG'],
    ['STDOUT', '{"severity":"ERROR"}', 'ERROR'],
    ['STDERR', '{"level":"info"}', 'INFO'],
    ['STDERR', '{"level":"unknown"}', 'ERROR'],
    ['STDERR', '{"msg":"no level"}', 'ERROR'],
    ['STDOUT', '{not json', 'INFO'],
    ['STDERR', '[1,2]', 'ERROR'],
    ['STDOUT', '{"level":true}', 'INFO'],
  ] as const)('%s %s → %s', (source, line, level) => {
    expect(logLevelOf(source, line)).toBe(level);
  });
});
