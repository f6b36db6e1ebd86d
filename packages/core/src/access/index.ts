export * from './acting';
export * from './subject';
export * from './paths';
export * from './routes';
export * from './embed';
export * from './menu';
