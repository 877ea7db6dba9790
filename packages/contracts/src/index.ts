export * from './capabilities.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './wire.ts';
export * from './account.ts';
export * from './role.ts';
