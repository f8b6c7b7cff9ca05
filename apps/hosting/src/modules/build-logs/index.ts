export { BUILD_LOG_STREAMS, BuildLogLineEntity } from './build-log-line.entity';
export type { BuildLogLineStream } from './build-log-line.entity';
export { MAX_POLLED_LOG_LINES, formatLogLine, latestBuildLogLines } from './build-log-lines';
export { BuildLogWriter, MAX_BUILD_LOG_LINES, MAX_BUILD_LOG_LINE_CHARS } from './build-log-writer';
export { buildLogPosition, followBuildLog } from './build-log-follow';
export type { BuildLogFollowOptions, BuildLogResume } from './build-log-follow';
export { BuildLogQuery } from './build-log.request';
