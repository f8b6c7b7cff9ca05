// What `npm start` shows a person: on a terminal, a short start-up summary and then one compact
// coloured line per log line of the platform (pino-pretty, configured here); JSON lines, as the
// services write them, when the output is not a terminal or LOG_FORMAT=json (docs/observability.md,
// "npm start's output"). Plain JavaScript: npm start runs it without a build.

/** pino's level numbers, for lines that name their level (`{"level":"warn"}`). */
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** Width of the service column of a pretty line. */
const TAG_WIDTH = 16;

/**
 * Nest's start-up lines (a line per module, controller and route: two thousand in one process) and
 * the token cache's, left out of the pretty output below warnings; JSON lines keep them.
 */
const START_UP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
  'TokenCache',
]);

/** Colours of service tags; never yellow or red, which mark warnings and errors. */
const TAG_COLORS = [
  'cyan',
  'magenta',
  'blue',
  'green',
  'cyanBright',
  'magentaBright',
  'blueBright',
  'greenBright',
];

/**
 * 'pretty' or 'json': LOG_FORMAT when it is set (`json`, `pretty`), else 'pretty' when `stream`
 * is a terminal and 'json' when it is not (a file, a pipe, a test or CI capturing the output).
 * @param {Record<string, string | undefined>} env
 * @param {{ isTTY?: boolean } | undefined} stream
 * @returns {'pretty' | 'json'}
 */
function logFormat(env, stream) {
  const value = env.LOG_FORMAT;
  if (value === 'json' || value === 'pretty') return value;
  if (value !== undefined && value !== '')
    throw new Error(`LOG_FORMAT must be json or pretty (or unset: pretty on a terminal), got "${value}"`);
  return stream && stream.isTTY ? 'pretty' : 'json';
}

/** Colours unless NO_COLOR is set to something (https://no-color.org). */
function colorEnabled(env) {
  return !env.NO_COLOR;
}

/** colorette's functions, as pino-pretty uses them; no-ops without colour. */
function colorsOf(color) {
  return require('pino-pretty').colorizerFactory(color).colors;
}

/**
 * A service's short name for the tag column: `catalog-subgraph-worker` is `catalog/w`.
 * @param {string} name
 */
function shortName(name) {
  return name.replace('-subgraph', '').replace(/-worker(?=$|:)/, '/w');
}

/** `name` as a fixed-width tag, coloured by its service (a worker shares its service's colour). */
function tagOf(name, colors) {
  let short = shortName(name);
  if (short.length > TAG_WIDTH) short = `${short.slice(0, TAG_WIDTH - 1)}…`;
  const service = name.replace(/-worker(?=$|:).*$/, '');
  let hash = 0;
  for (const c of service) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return colors[TAG_COLORS[hash % TAG_COLORS.length]](short.padEnd(TAG_WIDTH));
}

/** The level label, coloured: warnings bold yellow, errors and fatals bold white on red. */
function levelBadge(label, colors) {
  switch (label) {
    case 'FATAL':
    case 'ERROR':
      return colors.bold(colors.bgRed(colors.white(label)));
    case 'WARN':
      return colors.bold(colors.yellow(label));
    case 'INFO':
      return colors.green(label);
    case 'DEBUG':
      return colors.blue(label);
    default:
      return colors.gray(label);
  }
}

/** A status code coloured by its class. */
function statusOf(code, colors) {
  if (code >= 500) return colors.bold(colors.red(String(code)));
  if (code >= 400) return colors.yellow(String(code));
  if (code >= 300) return colors.cyan(String(code));
  return colors.green(String(code));
}

/** A request's log line (platform-logger's installRequestLogging): completed, errored or aborted. */
function isRequestLine(log) {
  return (
    log.req !== null &&
    typeof log.req === 'object' &&
    typeof log.req.method === 'string' &&
    typeof log.req.url === 'string' &&
    (typeof log.res === 'object' || log.message === 'request aborted')
  );
}

/**
 * pino-pretty's formatter of one parsed line, configured for one compact line per entry:
 * `HH:MM:ss.l LEVEL: message {other fields}`; a request is `GET /v1/... 200 12ms`. Only an error's
 * stack (`err` at level error and above) takes further lines.
 */
function prettyLine(color) {
  const colors = colorsOf(color);
  return require('pino-pretty').prettyFactory({
    colorize: color,
    // Objects as one line of JSON, in grey (pino-pretty's default: one line per field).
    singleLine: true,
    // The local time of day: a terminal shows what happens now.
    translateTime: 'SYS:HH:MM:ss.l',
    messageKey: 'message',
    // `service` is the tag column; the request's fields are its message; spanId says nothing to
    // a reader (traceId does, on warnings and errors: see createLineFormatter).
    ignore: 'pid,hostname,service,context,req,res,responseTime,spanId',
    errorLikeObjectKeys: ['err', 'error'],
    // The message is left uncoloured (pino-pretty's default is cyan): colour is for levels,
    // statuses and services.
    customColors: { message: 'reset' },
    useOnlyCustomProps: false,
    customPrettifiers: {
      time: (time) => colors.gray(String(time)),
      level: (_value, _key, _log, { label }) => levelBadge(label, colors),
      // An error's stack, as Node prints it, rather than its JSON.
      err: (err) => errorText(err),
      error: (err) => errorText(err),
    },
    messageFormat: (log, messageKey) => {
      const label = levelLabelOf(log.level);
      // Messages start in one column whatever the level's length (`INFO:  `, `ERROR: `).
      const pad = ' '.repeat(Math.max(0, 5 - label.length));
      let text;
      if (isRequestLine(log)) {
        const { method, url } = log.req;
        const outcome = log.res
          ? `${statusOf(log.res.statusCode, colors)} ${colors.gray(`${log.responseTime ?? '?'}ms`)}`
          : colors.yellow('aborted');
        text = `${colors.bold(method)} ${url} ${outcome}`;
      } else {
        text = String(log[messageKey] ?? log.msg ?? '');
        if (log.req && typeof log.req === 'object' && log.req.method)
          text += colors.gray(` (${log.req.method} ${log.req.url})`);
        if (log.level >= 50) text = colors.red(text);
        else if (log.level >= 40) text = colors.yellow(text);
        // The Nest logger's context (the class that logged), before the message.
        if (typeof log.context === 'string') text = `${colors.gray(`${log.context}:`)} ${text}`;
      }
      return pad + text;
    },
  });
  function errorText(err) {
    if (err === null || typeof err !== 'object') return String(err);
    return typeof err.stack === 'string' ? err.stack : `${err.type ?? 'Error'}: ${err.message}`;
  }
}

function levelLabelOf(level) {
  for (const [name, value] of Object.entries(LEVELS)) if (value === level) return name.toUpperCase();
  return 'USERLVL';
}

/**
 * A function from one line a process wrote (without its newline) to what npm start shows for it,
 * without a trailing newline, or null to show nothing.
 *
 * - `json`: the line as it is, after `[processName] ` (what `npm start` always printed); without a
 *   processName, the line alone.
 * - `pretty`: a JSON log line as one compact line (pino-pretty): the service's short name (the
 *   line's `service`, else the process's) in a fixed-width coloured column, the time, the level
 *   (warnings bold yellow, errors white on red), the message (yellow or red for warnings and
 *   errors), other fields as one grey JSON object; a request as `GET /v1/... 200 12ms`. Nest's
 *   start-up lines (START_UP_CONTEXTS) are dropped unless they are warnings or errors. Request
 *   ids and trace ids are shown on warnings and errors only, and an error's stack on the lines that
 *   follow. A line that is not JSON (a crash trace on stderr) is shown as it is, after the
 *   process's tag; an empty line is dropped.
 * @param {{ format: 'pretty' | 'json', processName?: string, color?: boolean }} options `color`:
 *   default true (pass colorEnabled(process.env) to honour NO_COLOR).
 * @returns {(line: string) => string | null}
 */
function createLineFormatter({ format, processName, color = true }) {
  if (format === 'json') {
    const prefix = processName ? `[${processName}] ` : '';
    return (line) => prefix + line;
  }
  if (format !== 'pretty') throw new Error(`unknown log format "${format}"`);
  const colors = colorsOf(color);
  const pretty = prettyLine(color);
  const indent = ' '.repeat(TAG_WIDTH + 1);
  const processTag = tagOf(processName ?? '', colors);
  return (line) => {
    if (line.trim() === '') return null;
    const log = parseObject(line);
    if (!log) return `${processTag} ${line}`;
    if (typeof log.level === 'string' && LEVELS[log.level.toLowerCase()])
      log.level = LEVELS[log.level.toLowerCase()];
    if (START_UP_CONTEXTS.has(log.context) && !(log.level >= 40)) return null;
    if (!(log.level >= 40)) {
      delete log.requestId;
      delete log.traceId;
    }
    // A warning's error fits on its line; an error's stack follows it.
    if (!(log.level >= 50) && log.err && typeof log.err === 'object') {
      const { type, message } = log.err;
      log.message = `${log.message ?? ''}: ${type ?? 'Error'}: ${message}`;
      delete log.err;
    }
    const tag = typeof log.service === 'string' ? tagOf(log.service, colors) : processTag;
    const text = pretty(log)
      .replace(/\r?\n$/, '')
      // pino-pretty leaves a space before the newline that starts an error's stack.
      .replace(/ +\n/g, '\n')
      .replaceAll('\n', `\n${indent}`);
    return `${tag} ${text}`;
  };
}

/** The object a JSON line holds, or undefined when it is not one. */
function parseObject(line) {
  if (line[0] !== '{') return undefined;
  try {
    const value = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @typedef {object} StartSummary
 * @property {string} baseUrl
 * @property {'single' | 'services'} mode
 * @property {{ name: string, port?: number | string, kind: 'service' | 'worker' | 'gateway' }[]} services
 * @property {{ label: string, url: string }[]} [docs]
 * @property {{ label: string, url: string }[]} [dashboards]
 * @property {{ label: string, location: string }[]} [data]
 * @property {string[]} [embedded]
 */

/**
 * The start-up block npm start prints on a terminal: base URL, services and their ports (each
 * with its workers), docs, dashboards, where data lives and what runs embedded. Sections without
 * entries are left out; lines stay under `width` columns where they can.
 * @param {StartSummary} summary
 * @param {{ color?: boolean, width?: number }} [options]
 * @returns {string} lines, each ending with a newline
 */
function renderSummary(summary, { color = true, width = 100 } = {}) {
  const colors = colorsOf(color);
  const LABEL = 12;
  const lines = [];
  const section = (label, rows) => {
    rows.forEach((row, i) =>
      lines.push(`  ${i === 0 ? colors.bold(label.padEnd(LABEL)) : ' '.repeat(LABEL)}${row}`),
    );
  };
  const link = (url) => colors.cyan(url);

  const services = summary.services.filter((s) => s.kind !== 'worker');
  const workers = summary.services.filter((s) => s.kind === 'worker');
  const how =
    summary.mode === 'single'
      ? `one process: ${count(services.length, 'service')}, ${count(workers.length, 'worker')}`
      : `${count(summary.services.length, 'process', 'processes')}: one per service and worker`;
  section('base URL', [`${colors.bold(link(summary.baseUrl))}  ${colors.gray(`(${how})`)}`]);

  // A service with its workers, as one cell: `commerce-rest :3001 +worker :3101`.
  const port = (p) => (p === undefined || p === null || p === '' ? '' : ` ${colors.gray(`:${p}`)}`);
  const cells = [...services]
    .sort((a, b) => (a.kind === 'gateway' ? -1 : b.kind === 'gateway' ? 1 : 0))
    .map((s) => {
      const own = workers.filter((w) => w.name.startsWith(`${s.name}-`));
      const extra = own.map((w) => ` +${w.name.slice(s.name.length + 1)}${port(w.port)}`).join('');
      return { text: `${s.name}${port(s.port)}${extra}`, plain: plainLength(s, own) };
    });
  const orphans = workers.filter((w) => !services.some((s) => w.name.startsWith(`${s.name}-`)));
  for (const w of orphans) cells.push({ text: `${w.name}${port(w.port)}`, plain: plainLength(w, []) });
  section('services', columns(cells, width - 2 - LABEL));

  const links = (entries) => {
    const labelWidth = Math.max(...entries.map((e) => e.label.length));
    return entries.map((e) => `${e.label.padEnd(labelWidth)}  ${link(e.url)}`);
  };
  if (summary.docs?.length) section('docs', links(summary.docs));
  if (summary.dashboards?.length) section('dashboards', links(summary.dashboards));
  if (summary.data?.length) {
    const labelWidth = Math.max(...summary.data.map((d) => d.label.length));
    section(
      'data',
      summary.data.map((d) => `${d.label.padEnd(labelWidth)}  ${d.location}`),
    );
  }
  if (summary.embedded?.length) section('embedded', [summary.embedded.join(', ')]);
  return lines.map((l) => `${l}\n`).join('');
}

function count(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** The length of a service cell without colour codes. */
function plainLength(service, workers) {
  const port = (p) => (p === undefined || p === null || p === '' ? 0 : String(p).length + 2);
  return (
    service.name.length +
    port(service.port) +
    workers.reduce((n, w) => n + 2 + w.name.length - service.name.length - 1 + port(w.port), 0)
  );
}

/** Cells laid out row by row in as many equal columns as fit in `width`. */
function columns(cells, width) {
  if (cells.length === 0) return [];
  const cellWidth = Math.max(...cells.map((c) => c.plain)) + 3;
  const perRow = Math.max(1, Math.floor((width + 3) / cellWidth));
  const rows = [];
  for (let i = 0; i < cells.length; i += perRow) {
    const row = cells.slice(i, i + perRow);
    rows.push(
      row.map((c, j) => (j === row.length - 1 ? c.text : c.text + ' '.repeat(cellWidth - c.plain))).join(''),
    );
  }
  return rows;
}

module.exports = { TAG_WIDTH, colorEnabled, createLineFormatter, logFormat, renderSummary, shortName };
