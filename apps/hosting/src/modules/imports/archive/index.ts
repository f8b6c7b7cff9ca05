export { ArchiveError, ArchiveErrorCode } from './archive.errors';
export { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './archive-limits';
export { detectArchiveFormat, type ArchiveFormat } from './archive-format';
export { extractArchive, type ExtractResult } from './extract-archive';
