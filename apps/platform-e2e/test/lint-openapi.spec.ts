import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** scripts/lint-openapi.mjs, as `npm run lint` runs it, over docs/openapi or another folder. */
const ROOT = join(__dirname, '..', '..', '..');
const lintOpenApi = (dir?: string) => {
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'scripts', 'lint-openapi.mjs'), ...(dir ? [dir] : [])],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
};

const committed = (file: string) => JSON.parse(readFileSync(join(ROOT, 'docs', 'openapi', file), 'utf8'));

describe("the committed OpenAPI documents under Redocly's recommended rules (scripts/lint-openapi.mjs)", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lint-openapi-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes all seven, with only the listed exceptions', () => {
    const run = lintOpenApi();
    expect(run).toMatchObject({ status: 0, stderr: '' });
    expect(run.stdout).toContain(
      "7 documents clean under Redocly's recommended rules (13 listed exceptions)",
    );
  });

  it('fails on a finding: no servers, a response header without a schema, an operation without security', () => {
    const doc = committed('countries.json');
    delete doc.servers;
    const get = doc.paths['/v1/countries'].get;
    get.responses['200'].headers = { Location: { description: 'no schema' } };
    delete get.security;
    writeFileSync(join(dir, 'countries.json'), JSON.stringify(doc));
    const run = lintOpenApi(dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('no-empty-servers');
    expect(run.stderr).toContain('struct #/paths/~1v1~1countries/get/responses/200/headers/Location');
    expect(run.stderr).toContain('security-defined #/paths/~1v1~1countries/get');
  });

  it('fails when a listed exception no longer matches a finding', () => {
    const doc = committed('agent-registry.json');
    doc.paths['/v1/agents/ca'].get.responses['404'] = { description: 'made up for the test' };
    writeFileSync(join(dir, 'agent-registry.json'), JSON.stringify(doc));
    const run = lintOpenApi(dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'exception no longer needed, remove it: agent-registry.json operation-4xx-response #/paths/~1v1~1agents~1ca/get/responses',
    );
  });
});
