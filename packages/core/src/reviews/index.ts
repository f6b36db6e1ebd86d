export * from './filters';
export * from './filterQuery';
export * from './english';
export * from './templates';
export * from './ranking';
