import { expireJobLock, waitFor } from '@platform/testing';
import type { TestCredential } from '@platform/testing';
import { OperationRunner } from '@platform/queue';
import type { OperationCommit } from '@platform/queue';
import type { AppOperationEntity } from '../src/modules/apps/app-operation.entity';
import { DatabaseAppProvisioner } from '../src/modules/apps/app-provisioner';
import type { AppProvisioner } from '../src/modules/apps/app-provisioner';
import type { AppOperationResponse } from '../src/modules/apps/apps.response';
import { HostingAppsQueue } from '../src/modules/apps/apps.jobs';
import {
  ALL_HOSTING_SCOPES,
  HostingTestApp,
  HostingWorkerHarness,
  startHostingTestApp,
  startHostingWorker,
} from './support/hosting-test-app';

/** A provisioner that enters the default one only after `release()`: a job stuck mid-creation. */
class BlockingProvisioner implements AppProvisioner {
  entered = 0;
  private readonly inner = new DatabaseAppProvisioner();
  private open: (fail: boolean) => void = () => undefined;
  private readonly gate = new Promise<boolean>((resolve) => (this.open = resolve));

  async provision(operation: AppOperationEntity): Promise<OperationCommit> {
    this.entered += 1;
    if (await this.gate) throw new Error('the killed worker never finishes');
    return this.inner.provision(operation);
  }

  release(fail: boolean): void {
    this.open(fail);
  }
}

describe('hosting worker crash recovery (real Postgres, Redis and BullMQ)', () => {
  let t: HostingTestApp;
  let cred: TestCredential;
  const workers: HostingWorkerHarness[] = [];
  let blocking: BlockingProvisioner | undefined;

  beforeAll(async () => {
    t = await startHostingTestApp('hosting-crash');
    cred = await t.newCredential(ALL_HOSTING_SCOPES);
  });

  afterAll(async () => {
    blocking?.release(true);
    for (const w of workers) await w.close().catch(() => undefined);
    await t?.close();
  });

  it('a worker killed during app creation: another completes it exactly once', async () => {
    const first = await startHostingWorker(t.env, {
      provisioner: () => (blocking = new BlockingProvisioner()),
    });
    workers.push(first);
    // Every run of an operation in this process (the apps processor's runner is its feature
    // module's own instance): the first is the killed worker's, so the test can await its late end.
    const runs = jest.spyOn(OperationRunner.prototype, 'execute');
    const res = await t.inject({
      method: 'POST',
      url: '/v1/hosting/apps?appType=NODEJS',
      headers: cred.headers,
      payload: { name: 'survivor' },
    });
    expect(res.statusCode).toBe(202);
    const { operationId, appId } = res.json() as AppOperationResponse;
    await waitFor(() => (blocking?.entered ?? 0) > 0, { what: 'the first worker to take the job' });

    // The process dies: its worker stops at once, the job stays active with a lock nobody renews.
    await first.kill();
    // Stand in for the ≤ 60 s of lock expiry and stalled marking, then a new worker recovers the job.
    await expireJobLock(t.env, HostingAppsQueue.name, operationId);
    const second = await startHostingWorker(t.env);
    workers.push(second);

    const done = await t.settled(operationId, cred);
    expect(done).toMatchObject({ status: 'COMPLETED', appId, app: { id: appId, status: 'ACTIVE' } });
    const ops: { status: string; attempts: number }[] = await t.dataSource.query(
      'SELECT status, attempts FROM hosting.app_operations WHERE id = $1',
      [operationId],
    );
    expect(ops).toEqual([{ status: 'COMPLETED', attempts: 2 }]);
    const envs: { n: string }[] = await t.dataSource.query(
      'SELECT count(*) AS n FROM hosting.app_environments WHERE app_id = $1',
      [appId],
    );
    expect(envs).toEqual([{ n: '2' }]);

    // The killed run, resuming now, finds the operation terminal and writes nothing: its run ends
    // 'skipped' (awaited, not polled on a state that was already true).
    expect(runs).toHaveBeenCalledTimes(2);
    await expect(runs.mock.results[1].value).resolves.toBe('completed');
    blocking?.release(false);
    await expect(runs.mock.results[0].value).resolves.toBe('skipped');
    runs.mockRestore();
    const after: { status: string; attempts: number }[] = await t.dataSource.query(
      'SELECT status, attempts FROM hosting.app_operations WHERE id = $1',
      [operationId],
    );
    expect(after).toEqual([{ status: 'COMPLETED', attempts: 2 }]);
  }, 60_000);
});
