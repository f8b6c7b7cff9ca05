type Suite = { path: string };
const { spreadWholePlatform } = require('./jest-sequencer.js') as {
  spreadWholePlatform: (ordered: Suite[]) => Suite[];
};

const e2e = (name: string) => ({ path: `/repo/apps/platform-e2e/test/${name}` });
const other = (i: number) => ({ path: `/repo/apps/app${i}/test/s${i}.e2e-spec.ts` });

describe('the run order of the suites (jest-sequencer.js)', () => {
  it('keeps Jest order for the others and starts the whole-platform suites longest first, spread over the first half', () => {
    const others = Array.from({ length: 40 }, (_, i) => other(i));
    // Jest's own order by file size: the platform suite first, chaos and soak (small files) last.
    const jestOrder = [
      e2e('platform.e2e-spec.ts'),
      ...others,
      e2e('soak.e2e-spec.ts'),
      e2e('chaos.e2e-spec.ts'),
    ];
    const order = spreadWholePlatform(jestOrder).map((t) => t.path);
    expect(order.filter((p) => !p.includes('platform-e2e'))).toEqual(others.map((t) => t.path));
    const at = (name: string) => order.findIndex((p) => p.endsWith(name));
    expect([at('platform.e2e-spec.ts'), at('chaos.e2e-spec.ts'), at('soak.e2e-spec.ts')]).toEqual([0, 7, 14]);
    expect(at('soak.e2e-spec.ts')).toBeLessThan(order.length / 2);
  });

  it('leaves a run without whole-platform suites as Jest ordered it, and the platform-e2e unit specs among the others', () => {
    const jestOrder = [other(1), e2e('terminal.spec.ts'), other(2)];
    expect(spreadWholePlatform(jestOrder)).toEqual(jestOrder);
  });
});
