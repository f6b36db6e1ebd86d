export * from './filters';
export * from './english';
export * from './templates';
export * from './ranking';
