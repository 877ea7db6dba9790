export * from './frames.ts';
export * from './multiplexer.ts';
