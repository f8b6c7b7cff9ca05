import type { Repository } from 'typeorm';
import type { BuildLogLineEntity } from './build-log-line.entity';

/** At most this many build log lines are returned with a poll (the first ones are dropped). */
export const MAX_POLLED_LOG_LINES = 2000;

/** A build log line as an opaque string: `<ISO timestamp> <STDOUT|STDERR|SYSTEM> <message>`. */
export const formatLogLine = (line: BuildLogLineEntity): string =>
  `${line.at.toISOString()} ${line.stream} ${line.message}`;

/** The last MAX_POLLED_LOG_LINES lines of an operation, oldest first (primary key range scan). */
export async function latestBuildLogLines(
  lines: Repository<BuildLogLineEntity>,
  operationId: string,
): Promise<BuildLogLineEntity[]> {
  const rows = await lines.find({
    where: { operationId },
    order: { seq: 'DESC' },
    take: MAX_POLLED_LOG_LINES,
  });
  return rows.reverse();
}
