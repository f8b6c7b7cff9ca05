import type { Repository } from 'typeorm';
import { SecretRedactor } from '../secrets';
import type { BuildLogLineEntity } from './build-log-line.entity';

/** At most this many build log lines are returned with a poll (the first ones are dropped). */
export const MAX_POLLED_LOG_LINES = 2000;

/** A build log line as an opaque string: `<ISO timestamp> <STDOUT|STDERR|SYSTEM> <message>`. */
export const formatLogLine = (line: BuildLogLineEntity): string =>
  `${line.at.toISOString()} ${line.stream} ${line.message}`;

/**
 * The last MAX_POLLED_LOG_LINES lines of an operation, oldest first (primary key range scan), their
 * messages passed through `redactor` (lines are stored redacted; this covers values set since).
 */
export async function latestBuildLogLines(
  lines: Repository<BuildLogLineEntity>,
  operationId: string,
  redactor: SecretRedactor = SecretRedactor.NONE,
): Promise<BuildLogLineEntity[]> {
  const rows = await lines.find({
    where: { operationId },
    order: { seq: 'DESC' },
    take: MAX_POLLED_LOG_LINES,
  });
  if (redactor.size > 0) for (const row of rows) row.message = redactor.redact(row.message);
  return rows.reverse();
}
