export * from './filters';
export * from './english';
export * from './templates';
