export { AppFailure } from './app-failure';
export {
  MAX_FIRST_ERROR_CHARS,
  archiveFailure,
  buildFailure,
  firstErrorLine,
  installFailure,
  npmErrorCode,
  runtimeFailure,
  startFailure,
  type FailureLogLine,
} from './classify-failure';
export {
  FAILURE_CODES,
  FAILURE_PHASES,
  FailureCode,
  failureHint,
  failurePhaseOf,
  operationFailure,
  type FailureContext,
  type FailurePhase,
  type OperationFailure,
} from './operation-failure';
export { redactOperationFailure } from './redact-failure';
export { MAX_START_OUTPUT_LINES, StartOutput } from './start-output';
