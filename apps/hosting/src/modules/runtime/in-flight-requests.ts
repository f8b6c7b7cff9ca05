/**
 * Requests the worker's proxy has in flight per endpoint, so an instance taken out of rotation is
 * drained before its SIGTERM (VariantSpec.whenIdle), and the proxy's round robin over a variant's
 * endpoints. Plain TypeScript, one per worker (AppRuntimeManager holds it).
 */
export class InFlightRequests {
  private readonly counts = new Map<string, number>();
  private readonly cursors = new Map<string, number>();

  /** Counts a request to `endpoint` until the returned function is called (once). */
  begin(endpoint: string): () => void {
    this.counts.set(endpoint, (this.counts.get(endpoint) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.counts.get(endpoint) ?? 1) - 1;
      if (left <= 0) this.counts.delete(endpoint);
      else this.counts.set(endpoint, left);
    };
  }

  inFlight(endpoint: string): number {
    return this.counts.get(endpoint) ?? 0;
  }

  /**
   * Resolves once none of `endpoints` has a request in flight, or after `timeoutMs`. It waits one
   * poll first: a request that picked an endpoint just before it left the rotation is counted by then.
   */
  async whenIdle(endpoints: readonly string[], timeoutMs: number, pollMs = 20): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    do {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(pollMs, Math.max(0, deadline - Date.now()))),
      );
      if (endpoints.every((e) => this.inFlight(e) === 0)) return;
    } while (Date.now() < deadline);
  }

  /**
   * The next of `endpoints` for `variant` in round robin, skipping `except` (an endpoint that just
   * failed); null when none is left.
   */
  pick(variant: string, endpoints: readonly string[], except?: string): string | null {
    const candidates = except === undefined ? endpoints : endpoints.filter((e) => e !== except);
    if (candidates.length === 0) return null;
    const cursor = this.cursors.get(variant) ?? 0;
    this.cursors.set(variant, (cursor + 1) % 1_000_000);
    return candidates[cursor % candidates.length];
  }

  /** Forgets a variant's cursor (it stopped). */
  forget(variant: string): void {
    this.cursors.delete(variant);
  }
}
