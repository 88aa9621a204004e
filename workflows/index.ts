/** The workflow bundle's entry: every workflow type the worker registers. */
export { callWorkflow } from './call';
export { campaignWorkflow } from './campaign';
export { simulatedLineWorkflow } from './simulatedLine';
export { interviewWorkflow } from './interview';
