import { errorMessages } from '@fleetgate/contracts';
import { ApiError } from './errors.ts';

/** Deeper input is refused: nothing in the API nests this far, and PostgreSQL's jsonb stops at its stack limit. */
export const maxInputDepth = 32;

// PostgreSQL text cannot hold NUL, and UTF-8 cannot encode a lone UTF-16 surrogate (the
// driver would silently store U+FFFD instead).
const nul = '\u0000';
const badText = (text: string) => text.includes(nul) || !text.isWellFormed();

/**
 * Refuses NUL characters, lone surrogates (in values and property names) and excessive nesting
 * anywhere in a parsed body or query, so no schema can forget it. The error names the property
 * path; in a top-level list, the item is its listIndex. Iterative, so no input can exhaust the stack.
 */
export function checkInputText(input: unknown): void {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (badText(value)) throw invalidAt(input, path, errorMessages.invalidCharacters);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= maxInputDepth) throw invalidAt(input, path, errorMessages.nestedTooDeeply);
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      // The offending key is not echoed back: the path stops at the object that holds it.
      if (badText(key)) throw invalidAt(input, path, errorMessages.invalidCharacters);
      stack.push({ value: item, path: [...path, key] });
    }
  }
}

/** The same for a parsed query string: a bad value is named by its parameter. */
export function checkQueryText(query: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(query)) {
    if (badText(name)) throw new ApiError(400, [{ message: errorMessages.invalidCharacters }]);
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && badText(v))) {
      throw new ApiError(400, [{ message: errorMessages.invalidCharacters, propertyName: name }]);
    }
  }
}

function invalidAt(input: unknown, path: (string | number)[], message: string): ApiError {
  const [first, ...rest] = path;
  const inList = Array.isArray(input) && typeof first === 'number';
  const propertyPath = (inList ? rest : path).map(String).join('.');
  return new ApiError(400, [
    {
      message,
      ...(propertyPath ? { propertyName: propertyPath } : {}),
      ...(inList ? { listIndex: first } : {}),
    },
  ]);
}
