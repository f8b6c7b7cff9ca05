import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as tar from 'tar';
import * as yazl from 'yazl';

/** Archives of the fixture apps (test/fixtures/apps) and multipart bodies, for the hosting suites. */
export const FIXTURES = join(__dirname, '..', 'fixtures', 'apps');

export async function fixtureFiles(name: string): Promise<{ name: string; data: Buffer }[]> {
  const dir = join(FIXTURES, name);
  const names = (await readdir(dir)).sort();
  return Promise.all(names.map(async (n) => ({ name: n, data: await readFile(join(dir, n)) })));
}

export function zipOf(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name);
  zip.end();
  return collect(zip.outputStream);
}

export async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function tarGzOf(name: string): Promise<Buffer> {
  const dir = join(FIXTURES, name);
  return collect(tar.create({ gzip: true, cwd: dir, portable: true }, await readdir(dir)));
}

/** A zip holding `../evil.js`: yazl refuses the name, so a same-length name is patched in its bytes. */
export async function traversalZip(): Promise<Buffer> {
  const zip = await zipOf([
    { name: 'package.json', data: Buffer.from('{"name":"evil","scripts":{"start":"node evil.js"}}') },
    { name: 'zz/evil.js', data: Buffer.from('console.log("pwned")') },
  ]);
  return Buffer.from(zip.toString('latin1').split('zz/evil.js').join('../evil.js'), 'latin1');
}

export const BOUNDARY = '----hosting-imports-test';

export function multipart(parts: { field: string; fileName?: string; data: Buffer | string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.fileName
      ? `form-data; name="${p.field}"; filename="${p.fileName}"`
      : `form-data; name="${p.field}"`;
    const type = p.fileName ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** A multipart body with the archive in the field `file`, with its content type. */
export function archiveUpload(
  data: Buffer,
  fileName = 'app.zip',
): { payload: Buffer; headers: Record<string, string> } {
  return {
    payload: multipart([{ field: 'file', fileName, data }]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
