/**
 * The service's workflow bundle: every workflow type a worker registers in production. The
 * simulated carrier's line is apart (withSimulatedLine.ts), bundled only where that carrier is.
 */
export { callWorkflow } from './call';
export { campaignWorkflow } from './campaign';
export { interviewWorkflow } from './interview';
