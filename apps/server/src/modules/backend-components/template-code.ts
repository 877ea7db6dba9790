import { Script } from 'node:vm';
import { badRequest } from '../../http/errors.ts';

/**
 * Refuses code that does not parse, with the syntax error and its line. The code is only
 * compiled here, never run: running user code happens in the sandbox's isolate alone.
 */
export function checkTemplateCode(code: string): void {
  try {
    new Script(code, { filename: 'function.js' });
  } catch (error) {
    throw badRequest(describeCompileError(error), 'code');
  }
}

function describeCompileError(error: unknown): string {
  if (!(error instanceof Error)) return 'The code does not compile';
  // V8 puts "function.js:<line>" on the first line of a syntax error's stack.
  const line = /function\.js:(\d+)/.exec(error.stack ?? '')?.[1];
  return `${error.name}: ${error.message}${line ? ` (line ${line})` : ''}`;
}
