import type { ApiErrorItem } from '@fleetgate/contracts';
import { errorMessages } from '@fleetgate/contracts';
import type { z } from 'zod';

/** An error that is sent to the client in the wire format with its status. */
export class ApiError extends Error {
  readonly status: number;
  readonly items: ApiErrorItem[];
  readonly headers: Record<string, string>;

  constructor(status: number, items: ApiErrorItem[] | string, headers: Record<string, string> = {}) {
    const list = typeof items === 'string' ? [{ message: items }] : items;
    super(list[0]?.message ?? 'Error');
    this.status = status;
    this.items = list;
    this.headers = headers;
  }
}

export const badRequest = (message: string, propertyName?: string) =>
  new ApiError(400, [{ message, ...(propertyName === undefined ? {} : { propertyName }) }]);
export const unauthenticated = (message: string = errorMessages.unauthenticated) =>
  new ApiError(401, message);
export const forbidden = () => new ApiError(403, errorMessages.forbidden);
export const notFound = () => new ApiError(404, errorMessages.notFound);
export const conflict = (message: string, propertyName?: string) =>
  new ApiError(409, [{ message, ...(propertyName === undefined ? {} : { propertyName }) }]);

/** Turns zod issues into wire errors: a property path and, inside lists, the list index. */
function zodIssuesToItems(
  input: unknown,
  issues: readonly z.core.$ZodIssue[],
  listIndex?: number,
): ApiErrorItem[] {
  return issues.map((issue) => {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const propertyName = path.map(String).join('.') || undefined;
    const item: ApiErrorItem = { message: issueMessage(issue, valueAt(input, path) === undefined) };
    if (propertyName) item.propertyName = propertyName;
    if (listIndex !== undefined) item.listIndex = listIndex;
    return item;
  });
}

/** Stable, translatable messages for validation failures (zod's own texts change between versions). */
function issueMessage(issue: z.core.$ZodIssue, missing: boolean): string {
  // A missing property is reported the same way whatever its schema (type, enum, union …).
  if (missing && issue.code !== 'unrecognized_keys' && issue.path.length > 0) return errorMessages.required;
  switch (issue.code) {
    case 'invalid_type':
      return missing ? errorMessages.required : `Invalid type: expected ${issue.expected}`;
    case 'unrecognized_keys':
      return `Unknown property: ${issue.keys.join(', ')}`;
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1
          ? errorMessages.required
          : `Too short: at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `Too few items: at least ${issue.minimum}`;
      return `Too small: at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `Too long: at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `Too many items: at most ${issue.maximum}`;
      return `Too big: at most ${issue.maximum}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Invalid e-mail address';
      return issue.format === 'regex' ? 'Value does not match regex expression' : errorMessages.invalid;
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
    case 'custom':
      return errorMessages.invalid;
  }
}

/** Parses one input with a schema or throws a 400 in the wire format. */
function valueAt(root: unknown, path: (string | number)[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** Parses every item of a list and reports the errors of all items at once, each with its listIndex. */
export function parseEach<T extends z.ZodType>(
  schema: T,
  items: unknown[],
  withIndex: boolean,
): z.output<T>[] {
  const errors: ApiErrorItem[] = [];
  const parsed = items.map((item, i) => {
    const result = schema.safeParse(item);
    if (!result.success)
      errors.push(...zodIssuesToItems(item, result.error.issues, withIndex ? i : undefined));
    return result.data as z.output<T>;
  });
  if (errors.length > 0) throw new ApiError(400, errors);
  return parsed;
}

export function parseInput<T extends z.ZodType>(schema: T, input: unknown, listIndex?: number): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError(400, zodIssuesToItems(input, result.error.issues, listIndex));
  return result.data;
}

/**
 * SQLSTATEs that only the request's values cause: data exceptions (class 22: bad text
 * representation, numeric or date out of range, bad encoding, too long), program limits
 * (54: too long or too complex) and check constraints. Validation should catch them first;
 * this keeps a gap from being a 500.
 */
export function isClientDataError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^(22[0-9A-Z]{3}|54[0-9A-Z]{3}|23514)$/.test(code);
}
