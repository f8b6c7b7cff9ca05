import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..', '..');

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test') sources(path, out);
    } else if (entry.name.endsWith('.ts') && !/\.(spec|e2e-spec|d)\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Whether a decorator says the property's type itself: `{ type: … }` or a type function `() => X`. */
function namesItsType(decorator: ts.Decorator): boolean {
  if (!ts.isCallExpression(decorator.expression)) return false;
  return decorator.expression.arguments.some(
    (arg) =>
      ts.isArrowFunction(arg) ||
      (ts.isObjectLiteralExpression(arg) &&
        arg.properties.some(
          (p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'type',
        )),
  );
}

/**
 * Single mode runs code transpiled by SWC (scripts/build-platform.js), which writes decorator
 * metadata (`design:type`, read by Swagger and GraphQL for a property's type) from the type the
 * code spells out; tsc also infers it from an initializer (`renewAuto = true` is a Boolean to tsc,
 * an Object to SWC). So a decorated property says its type: an annotation, or the decorator's own
 * `type` (or `() => Type`).
 */
describe('decorated properties name their type (SWC and tsc write the same metadata)', () => {
  it('every decorated property of apps and libs has a type annotation or a decorator that names its type', () => {
    const offenders: string[] = [];
    const files = [
      ...readdirSync(join(ROOT, 'apps')).map((app) => join(ROOT, 'apps', app, 'src')),
      ...readdirSync(join(ROOT, 'libs')).map((lib) => join(ROOT, 'libs', lib, 'src')),
    ].flatMap((dir) => {
      try {
        return sources(dir);
      } catch {
        return [];
      }
    });
    for (const file of files) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
      const visit = (node: ts.Node): void => {
        if (ts.isPropertyDeclaration(node) && !node.type) {
          const decorators = ts.getDecorators(node) ?? [];
          if (decorators.length > 0 && !decorators.some(namesItsType)) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart());
            offenders.push(`${relative(ROOT, file)}:${line + 1} ${node.name.getText(source)}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(files.length).toBeGreaterThan(500);
    expect(offenders).toEqual([]);
  });
});
