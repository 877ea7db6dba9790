import { inspect } from 'node:util';

/**
 * A value the client may send but must never get back (a broker password). Resources answer a
 * create with the input merged into the stored object, and objects get logged; this wrapper
 * serializes to nothing and prints as a placeholder, so the value only leaves through reveal().
 */
export class WriteOnly {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toJSON(): undefined {
    return undefined;
  }

  toString(): string {
    return '[write-only]';
  }

  [inspect.custom](): string {
    return '[write-only]';
  }
}
