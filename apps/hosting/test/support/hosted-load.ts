/**
 * Load through `/hosted`: `connections` loops, each sending GET `url` one after the other until
 * stop() is called; counts the answers by status (0 for a request that got no answer at all) and
 * remembers what each 2xx body said (its `instance`, when it is JSON with one). With a `label`,
 * stop() prints one line of figures (requests, non-2xx) for the run's log.
 */
export interface HostedLoad {
  /** Ends the loops; resolves with what they saw. */
  stop(): Promise<LoadResult>;
  /** Requests answered so far. */
  count(): number;
}

export interface LoadResult {
  readonly total: number;
  /** Answers that were not 2xx, by status (0: no answer). */
  readonly failures: Record<number, number>;
  readonly instances: Set<string>;
  /** Bodies of 2xx answers, in order of arrival. */
  readonly bodies: unknown[];
}

export function startHostedLoad(url: string, label?: string, connections = 20): HostedLoad {
  let running = true;
  let total = 0;
  const failures: Record<number, number> = {};
  const instances = new Set<string>();
  const bodies: unknown[] = [];
  const loop = async () => {
    while (running) {
      let status = 0;
      try {
        const res = await fetch(url);
        status = res.status;
        const text = await res.text();
        if (status >= 200 && status < 300) {
          try {
            const body = JSON.parse(text) as { instance?: string };
            bodies.push(body);
            if (body.instance) instances.add(body.instance);
          } catch {
            bodies.push(text);
          }
        }
      } catch {
        status = 0;
      }
      total += 1;
      if (status < 200 || status >= 300) failures[status] = (failures[status] ?? 0) + 1;
    }
  };
  const loops = Array.from({ length: connections }, loop);
  return {
    count: () => total,
    async stop() {
      running = false;
      await Promise.all(loops);
      if (label !== undefined) {
        const failed = Object.values(failures).reduce((sum, n) => sum + n, 0);
        console.log(`${label}: ${total} requests over ${connections} connections, ${failed} not 2xx`);
      }
      return { total, failures, instances, bodies };
    },
  };
}
