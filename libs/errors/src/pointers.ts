/** RFC 6901 JSON Pointer of a path: ['a/b', 0] → '/a~1b/0'. */
export function toJsonPointer(path: readonly (string | number)[]): string {
  return path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** JSONPath (RFC 9535, normalized) of a path: ['consents', 0, 'type'] → '$.consents[0].type'. */
export function toJsonPath(path: readonly (string | number)[]): string {
  return (
    '$' +
    path
      .map((s) =>
        typeof s === 'number'
          ? `[${s}]`
          : /^[A-Za-z_][A-Za-z0-9_]*$/.test(s)
            ? `.${s}`
            : `['${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`,
      )
      .join('')
  );
}
