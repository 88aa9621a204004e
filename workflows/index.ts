/** The workflow bundle's entry: every workflow type the worker registers. */
export { proofWorkflow } from './proof';
export { callWorkflow } from './call';
export { campaignWorkflow } from './campaign';
export { simulatedLineWorkflow } from './simulatedLine';
export { interviewWorkflow } from './interview';
