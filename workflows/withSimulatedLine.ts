/** The bundle of a worker on the simulated carrier: the service's workflows and the line each simulated call runs on. */
export * from './index';
export { simulatedLineWorkflow } from './simulatedLine';
