// A closed-loop load of `connections` clients, each repeating a sequence of requests one after
// another (a step may use the data of the step before it) for `durationS` seconds; every sequence
// is timed as a whole with performance.now(), so latencies have sub-millisecond resolution (what
// autocannon's whole milliseconds cannot show for a 2 ms call). Keep-alive connections, 127.0.0.1.
const http = require('node:http');

/** One request on `agent`; resolves with the status and the body as text. */
function send(agent, { url, method = 'GET', headers = {}, body }) {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`bench traffic stays on 127.0.0.1, not ${url}`);
  return new Promise((resolve, reject) => {
    const sized = body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) };
    const req = http.request(url, { agent, method, headers: sized }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Runs `steps` in order once: each step is `(previous) => request` (previous: the parsed body of
 * the step before, undefined for the first). A step fails unless it answers 200 with JSON that has
 * no GraphQL `errors`. Resolves with every step's parsed body.
 */
async function runSequence(agent, steps) {
  const bodies = [];
  let previous;
  for (const step of steps) {
    const request = step(previous);
    const res = await send(agent, request);
    const parsed = res.status === 200 ? JSON.parse(res.text) : undefined;
    if (!parsed || parsed.errors) {
      throw new Error(
        `${request.method ?? 'GET'} ${request.url} answered ${res.status}: ${res.text.slice(0, 500)}`,
      );
    }
    bodies.push(parsed);
    previous = parsed;
  }
  return bodies;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** `connections` clients repeating `steps` for `durationS` s: sequences/s and latency of a sequence. */
async function closedLoop(steps, { connections, durationS }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const deadline = performance.now() + durationS * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      await runSequence(agent, steps);
      latencies.push(performance.now() - start);
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, client));
  } finally {
    agent.destroy();
  }
  latencies.sort((a, b) => a - b);
  const round = (ms) => +ms.toFixed(2);
  return {
    requestsPerSecond: +(latencies.length / durationS).toFixed(1),
    latencyP50Ms: round(percentile(latencies, 50)),
    latencyP99Ms: round(percentile(latencies, 99)),
    latencyMeanMs: round(latencies.reduce((a, b) => a + b, 0) / latencies.length),
    sequences: latencies.length,
  };
}

module.exports = { closedLoop, runSequence };
