/**
 * Every workflow's input, result, message and failure type, one small file per workflow, for the
 * API, activities and tests to import without pulling in workflow implementations. Imports only
 * Temporal's own pure modules.
 */
export * from './common';
export * from './call';
export * from './campaign';
export * from './interview';
export * from './simulatedLine';
