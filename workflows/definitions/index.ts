/**
 * Every workflow's input, result, message and failure type, one small file per workflow, for the
 * API, activities and tests to import without pulling in workflow implementations. Imports only
 * Temporal's own pure modules.
 *
 * A message's wire name is its action (`hangup`, `pause`, `end`), the same whether it arrives as an
 * update (from the API, validated, answered) or as a signal (from an operator in the Temporal UI;
 * an invalid one is ignored): Temporal keeps a workflow's update and signal handlers apart, so one
 * name serves both. Its constant is the workflow, the wire name and the kind: `callHangupUpdate`,
 * `callHangupSignal`, `campaignStateQuery`. An interview's `end` signal is the operator's, so the
 * candidate's end, when the API sends it as a signal, is `candidateEnd`.
 */
export * from './common';
export * from './call';
export * from './campaign';
export * from './interview';
export * from './simulatedLine';
