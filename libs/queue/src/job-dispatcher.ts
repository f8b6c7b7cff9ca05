import { UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import type { OperationJobData } from './operation-job';

/** A queue and the job names its producers may add: the contract its worker must cover. */
export interface QueueDeclaration<J extends string = string> {
  readonly name: string;
  readonly jobs: readonly J[];
}

/** Declares a queue; `jobs` keeps its literal names, so handler maps are checked at compile time too. */
export function declareQueue<const J extends string>(declaration: QueueDeclaration<J>): QueueDeclaration<J> {
  if (!declaration.name) throw new Error('a queue declaration needs a name');
  if (declaration.jobs.length === 0) throw new Error(`queue "${declaration.name}" declares no jobs`);
  const twice = declaration.jobs.filter((name, i) => declaration.jobs.indexOf(name) !== i);
  if (twice.length > 0)
    throw new Error(`queue "${declaration.name}" declares jobs twice: ${twice.join(', ')}`);
  return { name: declaration.name, jobs: [...declaration.jobs] };
}

/** `token` is the worker's lock token of the job (for moveToDelayed and the like). */
export type JobHandler<D> = (job: Job<D>, token?: string) => Promise<unknown>;

/** One handler per declared job name, no more, no fewer. */
export type JobHandlers<J extends string, D> = { readonly [K in J]: JobHandler<D> };

export interface JobDispatcher<D> {
  readonly queueName: string;
  /** Runs the handler of `job.name`; a name nobody declared fails the job without retries. */
  dispatch(job: Job<D>, token?: string): Promise<unknown>;
}

/**
 * Binds handlers to a declared queue and refuses, at construction (so at worker boot), a map that
 * misses a declared job or handles an undeclared one: a job added by a newer producer must not sit
 * unprocessed, or fail five times, because this worker was not told about it. Job data defaults to
 * OperationJobData (ids only); annotate the handlers' `job` parameter for another payload.
 */
export function createJobDispatcher<J extends string, D = OperationJobData>(
  queue: QueueDeclaration<J>,
  handlers: JobHandlers<J, D>,
): JobDispatcher<D> {
  const table = new Map<string, JobHandler<D>>(Object.entries<JobHandler<D>>(handlers));
  const missing = queue.jobs.filter((name) => typeof table.get(name) !== 'function');
  const undeclared = [...table.keys()].filter((name) => !(queue.jobs as readonly string[]).includes(name));
  const problems = [
    missing.length > 0 ? `no handler for declared job(s) ${missing.join(', ')}` : '',
    undeclared.length > 0 ? `handler(s) for undeclared job(s) ${undeclared.join(', ')}` : '',
  ].filter(Boolean);
  if (problems.length > 0)
    throw new Error(`worker of queue "${queue.name}" cannot start: ${problems.join('; ')}`);
  return {
    queueName: queue.name,
    async dispatch(job: Job<D>, token?: string): Promise<unknown> {
      const handler = table.get(job.name);
      if (!handler)
        throw new UnrecoverableError(`queue "${queue.name}" has no handler for job "${job.name}"`);
      return handler(job, token);
    },
  };
}
