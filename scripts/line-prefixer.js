// `npm start` prefixes every log line of its processes with their name. One write per chunk the
// child wrote, not one per line: a service under load logs thousands of lines a second, and a
// readline 'line' event plus a write for each cost npm start more CPU than the service spent
// writing them. Plain JavaScript: npm start runs it without a build.

/**
 * Pipes `input` (a child's stdout or stderr) to `output` with `[name] ` before every line. A last
 * line without a newline is written, terminated, when the input ends.
 * @param {import('node:stream').Readable} input
 * @param {string} name
 * @param {{ write(text: string): unknown }} output
 */
function prefixLines(input, name, output) {
  const prefix = `[${name}] `;
  let partial = '';
  input.setEncoding('utf8');
  input.on('data', (chunk) => {
    const text = partial + chunk;
    const end = text.lastIndexOf('\n');
    if (end === -1) {
      partial = text;
      return;
    }
    partial = text.slice(end + 1);
    const lines = text.slice(0, end);
    output.write(`${prefix}${lines.replaceAll('\n', `\n${prefix}`)}\n`);
  });
  input.on('end', () => {
    if (partial) output.write(`${prefix}${partial}\n`);
    partial = '';
  });
}

module.exports = { prefixLines };
