import { CliError, UUID_FORMAT, defineCommand } from './cli-command';
import { parseArgs } from './parse-args';
import { runCli } from './run-cli';

interface Ctx {
  calls: string[];
}

const echo = defineCommand({
  noun: 'thing',
  verb: 'create',
  flags: {
    id: { required: true, description: 'id', format: UUID_FORMAT },
    name: { description: 'name' },
  },
  async run(ctx: Ctx, flags) {
    ctx.calls.push(flags.id);
    if (flags.name === 'boom') throw new CliError('BOOM', 'exploded');
    return { id: flags.id, name: flags.name ?? null };
  },
});

const attributeSet = defineCommand({
  noun: 'thing',
  verb: 'attribute set',
  flags: { name: { required: true, description: 'name' } },
  async run(ctx: Ctx, flags) {
    ctx.calls.push(`set ${flags.name}`);
    return { set: flags.name };
  },
});

async function run(argv: string[]) {
  const out: string[] = [];
  const ctx: Ctx = { calls: [] };
  let closed = false;
  const code = await runCli(
    [echo, attributeSet] as never,
    argv,
    async () => ({ context: ctx, close: async () => void (closed = true) }),
    { stdout: (t) => out.push(t), stderr: () => undefined },
  );
  return { code, out: out.join(''), ctx, closed };
}

const ID = '00000000-0000-4000-8000-000000000001';

describe('runCli', () => {
  it('prints exactly one JSON object and exits 0 on success', async () => {
    const r = await run(['thing', 'create', '--id', ID, '--name=acme']);
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.out)).toEqual({ id: ID, name: 'acme' });
    expect(r.closed).toBe(true);
  });

  it.each([
    [['thing'], 'USAGE'],
    [['thing', 'destroy'], 'UNKNOWN_COMMAND'],
    [['thing', 'create'], 'MISSING_FLAG'],
    [['thing', 'create', '--id', 'nope'], 'INVALID_FLAG_VALUE'],
    [['thing', 'create', '--id', ID, '--colour', 'red'], 'UNKNOWN_FLAG'],
    [['thing', 'create', '--id'], 'MISSING_FLAG_VALUE'],
    [['thing', 'create', '--id', ID, '--id', ID], 'DUPLICATE_FLAG'],
    [['thing', 'create', '--id', ID, 'extra'], 'USAGE'],
    [['thing', 'attribute', '--name', 'k'], 'UNKNOWN_COMMAND'],
    [['thing', 'attribute', 'get', '--name', 'k'], 'UNKNOWN_COMMAND'],
    [['thing', 'attribute', 'set', 'extra', '--name', 'k'], 'USAGE'],
  ])('answers %j with a JSON error %s and a non-zero exit', async (argv, code) => {
    const r = await run(argv as string[]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({ error: { code, message: expect.any(String) } });
    expect(r.ctx.calls).toEqual([]);
  });

  it('runs a command whose verb has two words (noun, verb, sub-verb)', async () => {
    const r = await run(['thing', 'attribute', 'set', '--name', 'colour']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ set: 'colour' });
    expect(r.ctx.calls).toEqual(['set colour']);
  });

  it('reports a command failure with its code', async () => {
    const r = await run(['thing', 'create', '--id', ID, '--name', 'boom']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({ error: { code: 'BOOM', message: 'exploded' } });
    expect(r.closed).toBe(true);
  });
});

describe('parseArgs', () => {
  it('splits positionals and flags in both spellings', () => {
    expect(parseArgs(['a', 'b', '--x', '1', '--y=2=3'])).toEqual({
      positional: ['a', 'b'],
      flags: { x: '1', y: '2=3' },
    });
  });
});
