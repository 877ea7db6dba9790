/** A single object of any resource fits easily; a bigger body is a client error or an attack. */
export const defaultBodyLimit = 64 * 1024;

/**
 * Writes on a list route may carry up to `limits.pageSizeMax` items at once (bulk create, change,
 * delete) or long lists inside one object (an agent enrolling with 1000 services).
 */
export const listBodyLimit = 1024 * 1024;

/** The body limit of an API route: large for writes on list routes, small for item routes. */
export function bodyLimitFor(route: { method: string; item?: boolean | undefined }): number {
  return route.method !== 'GET' && !route.item ? listBodyLimit : defaultBodyLimit;
}
