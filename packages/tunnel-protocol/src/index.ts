export * from './frames.ts';
export * from './multiplexer.ts';
export * from './zero-mask.ts';
export * from './external-memory.ts';
