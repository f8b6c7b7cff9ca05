import { join } from 'node:path';
import { PassThrough } from 'node:stream';

/** scripts/line-prefixer.js: plain JavaScript, as `npm start` runs it without a build. */
const { prefixLines } = require(join(__dirname, '../../../scripts/line-prefixer.js')) as {
  prefixLines(input: PassThrough, name: string, output: { write(text: string): unknown }): void;
};

/** Feeds `chunks` through prefixLines; the writes it made, once the input ended. */
async function prefixed(chunks: (string | Buffer)[]): Promise<string[]> {
  const input = new PassThrough();
  const writes: string[] = [];
  prefixLines(input, 'svc', { write: (text) => writes.push(text) });
  const ended = new Promise((resolve) => input.once('end', resolve));
  for (const chunk of chunks) input.write(chunk);
  input.end();
  await ended;
  return writes;
}

describe('npm start line prefixer', () => {
  it('prefixes every line of a chunk, with one write per chunk', async () => {
    expect(await prefixed(['a\nb\nc\n'])).toEqual(['[svc] a\n[svc] b\n[svc] c\n']);
  });

  it('holds a line split across chunks until its newline arrives', async () => {
    expect((await prefixed(['{"level":', '30}\n{"lev', 'el":40}\n'])).join('')).toBe(
      '[svc] {"level":30}\n[svc] {"level":40}\n',
    );
  });

  it('keeps empty lines and writes a last line without a newline when the input ends', async () => {
    expect((await prefixed(['a\n\nb\n', 'tail'])).join('')).toBe('[svc] a\n[svc] \n[svc] b\n[svc] tail\n');
  });

  it('does not split a multi-byte character cut between two chunks', async () => {
    const bytes = Buffer.from('Zürich\n');
    expect((await prefixed([bytes.subarray(0, 2), bytes.subarray(2)])).join('')).toBe('[svc] Zürich\n');
  });
});
