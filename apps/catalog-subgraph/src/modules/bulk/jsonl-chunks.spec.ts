import { contentLinesOf, isBlankLine, splitJsonl } from './jsonl-chunks';

describe('splitJsonl', () => {
  it('cuts the text into chunks of n lines numbered from 1, the last one shorter', () => {
    const { chunks, contentLines } = splitJsonl('a\nb\nc\nd\ne', 2);
    expect(chunks).toEqual([
      { firstLine: 1, lineCount: 2, jsonl: 'a\nb' },
      { firstLine: 3, lineCount: 2, jsonl: 'c\nd' },
      { firstLine: 5, lineCount: 1, jsonl: 'e' },
    ]);
    expect(contentLines).toBe(5);
  });

  it('counts a final line end as no line, and \\r\\n line ends as \\n', () => {
    expect(splitJsonl('a\r\nb\r\n', 10).chunks).toEqual([{ firstLine: 1, lineCount: 2, jsonl: 'a\nb' }]);
  });

  it('keeps blank lines in the numbering but not in the count of content lines', () => {
    const { chunks, contentLines } = splitJsonl('a\n\n  \nb\n\n', 10);
    expect(chunks).toEqual([{ firstLine: 1, lineCount: 5, jsonl: 'a\n\n  \nb\n' }]);
    expect(contentLines).toBe(2);
  });

  it('drops a leading byte order mark', () => {
    expect(splitJsonl('\ufeff{"a":1}', 10).chunks[0].jsonl).toBe('{"a":1}');
  });

  it('makes no chunk of an empty text and refuses a chunk size below 1', () => {
    expect(splitJsonl('', 10)).toEqual({ chunks: [], contentLines: 0 });
    expect(() => splitJsonl('a', 0)).toThrow(RangeError);
  });
});

describe('contentLinesOf', () => {
  it('yields the lines that are not blank with their numbers in the whole text', () => {
    const [, second] = splitJsonl('x\ny\n\nz', 2).chunks;
    expect([...contentLinesOf(second)]).toEqual([{ line: 4, text: 'z' }]);
  });

  it('treats white space alone as blank', () => {
    expect(isBlankLine(' \t ')).toBe(true);
    expect(isBlankLine(' {} ')).toBe(false);
  });
});
