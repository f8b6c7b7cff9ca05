import { Injectable, Logger } from '@nestjs/common';
import { Errors, assertNever, errorMessage } from '@platform/errors';
import {
  DEFAULT_LEASE_SECONDS,
  DEFAULT_RETENTION_SECONDS,
  IdempotencyErrors,
  IdempotencyRecordRepository,
  requestFingerprint,
  type ClaimOutcome,
  type IdempotencyScope,
} from '@platform/idempotency';

/** How the key is named in errors: where the MCP binding carries it. */
export const MCP_IDEMPOTENCY_KEY = 'meta["idempotency-key"]';

const TIMES = { leaseSeconds: DEFAULT_LEASE_SECONDS, retentionSeconds: DEFAULT_RETENTION_SECONDS };

/** One idempotent tool call: who, which endpoint and tool, the key, and what identifies the call. */
export interface McpIdempotentCall {
  readonly credentialId: string;
  /** The endpoint's route template (`/v1/shopping/stores/:storeId/mcp`). */
  readonly route: string;
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly tool: string;
  readonly key: string;
  /** The tool's arguments without `meta` (the agent and the key are not the request). */
  readonly args: unknown;
}

export interface McpIdempotentOutcome<T> {
  readonly result: T;
  readonly replayed: boolean;
}

/**
 * Idempotency of the MCP writes with the platform's one mechanism, libs/idempotency's record store
 * (the REST operations use it through @Idempotent): per credential, endpoint + tool and key, the
 * call's fingerprint (tool, path params, arguments) stored with its result for 24 h. A duplicate
 * gets the stored result without running again; the key with other arguments is 409
 * idempotency_key_mismatch, a call still running with it 409 idempotency_key_in_use (so of
 * concurrent calls one has the effect); a failed call gives the key back. A store that cannot be
 * reached fails closed (503, signatures.md "Replay Protection").
 */
@Injectable()
export class McpIdempotency {
  private readonly logger = new Logger(McpIdempotency.name);

  constructor(private readonly records: IdempotencyRecordRepository) {}

  async once<T>(call: McpIdempotentCall, run: () => Promise<T>): Promise<McpIdempotentOutcome<T>> {
    const scope: IdempotencyScope = {
      credentialId: call.credentialId,
      route: `MCP ${call.route} ${call.tool}`,
      key: call.key,
    };
    const fingerprint = requestFingerprint({
      method: 'MCP',
      route: `${call.route} ${call.tool}`,
      params: call.params,
      query: {},
      body: call.args,
    });
    let outcome: ClaimOutcome;
    try {
      outcome = await this.records.claim(scope, fingerprint, TIMES);
    } catch (e) {
      this.logger.error(`${scope.route}: the idempotency store failed: ${errorMessage(e)}`);
      throw Errors.unavailable('the idempotency store is unavailable; retry later');
    }
    switch (outcome.kind) {
      case 'claimed':
        return { result: await this.runOnce(scope, outcome.claimId, run), replayed: false };
      case 'completed':
        return { result: JSON.parse(outcome.response.body ?? 'null') as T, replayed: true };
      case 'in-flight':
        throw IdempotencyErrors.keyInUse(MCP_IDEMPOTENCY_KEY);
      case 'mismatch':
        throw IdempotencyErrors.keyMismatch(MCP_IDEMPOTENCY_KEY, 409);
      default:
        return assertNever(outcome);
    }
  }

  private async runOnce<T>(scope: IdempotencyScope, claimId: string, run: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await run();
    } catch (error) {
      // Errors are not replayed: the key goes back, so the same call may be retried.
      await this.records.release(scope, claimId).catch((e: unknown) => {
        this.logger.error(`${scope.route}: releasing the idempotency claim failed: ${errorMessage(e)}`);
      });
      throw error;
    }
    const response = { status: 200, headers: {}, body: JSON.stringify(result) };
    try {
      if (!(await this.records.complete(scope, claimId, response, TIMES.retentionSeconds)))
        this.logger.warn(`${scope.route}: the idempotency claim was taken over before the result was stored`);
    } catch (e) {
      // The effects are done; failing now would invite a retry that runs them again.
      this.logger.error(`${scope.route}: storing the idempotent result failed: ${errorMessage(e)}`);
    }
    return result;
  }
}
