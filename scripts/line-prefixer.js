// `npm start` shows every log line of its processes under their name. One write per chunk the
// child wrote, not one per line: a service under load logs thousands of lines a second, and a
// readline 'line' event plus a write for each cost npm start more CPU than the service spent
// writing them. Plain JavaScript: npm start runs it without a build.
const { createLineFormatter } = require('./terminal');

/**
 * Pipes `input` (a child's stdout or stderr) to `output`, each line shown as `format` says
 * (scripts/terminal.js): `json` (the default) writes `[name] ` before every line, `pretty` writes
 * each JSON log line as one compact coloured line. A last line without a newline is written,
 * terminated, when the input ends.
 * @param {import('node:stream').Readable} input
 * @param {string} name
 * @param {{ write(text: string): unknown }} output
 * @param {{ format?: 'json' | 'pretty', color?: boolean }} [options] `color`: pretty lines in
 *   colour (default true).
 */
function prefixLines(input, name, output, { format = 'json', color = true } = {}) {
  const show =
    format === 'json' ? prefixer(name) : formatter(createLineFormatter({ format, processName: name, color }));
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
    const shown = show(text.slice(0, end));
    if (shown) output.write(shown);
  });
  input.on('end', () => {
    if (partial) {
      const shown = show(partial);
      if (shown) output.write(shown);
    }
    partial = '';
  });
}

/** Lines (joined by newlines, without the last one's) with `[name] ` before each, terminated. */
function prefixer(name) {
  const prefix = `[${name}] `;
  return (lines) => `${prefix}${lines.replaceAll('\n', `\n${prefix}`)}\n`;
}

/** Lines (joined by newlines) through `formatLine`, each shown terminated; '' when none is shown. */
function formatter(formatLine) {
  return (lines) => {
    let shown = '';
    for (const line of lines.split('\n')) {
      const text = formatLine(line);
      if (text !== null) shown += `${text}\n`;
    }
    return shown;
  };
}

module.exports = { prefixLines };
