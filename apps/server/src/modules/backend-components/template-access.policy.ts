import { backendComponentErrors, errorMessages } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError, forbidden } from '../../http/errors.ts';
import { isAppInstalled } from '../apps/app-installation.ts';
import { findVisibleTemplates, type TemplateView } from './template.repository.ts';

/**
 * Adding templates, configs and subscriptions needs the backend-components app: without it
 * the company is "not fully provisioned" (the console's own message for this case).
 */
export async function requireProvisioned(db: Db, companyId: number): Promise<void> {
  if (!(await isAppInstalled(db, companyId, 'backendComponents'))) {
    throw new ApiError(403, backendComponentErrors.notProvisioned);
  }
}

/** Only the owning company changes a template; a company it is shared with sees it, so 403, not 404. */
export function requireOwner(template: TemplateView): void {
  if (!template.own) throw forbidden();
}

/** A referenced template the company owns or has been shared: anything else is a 404 on `template.publicId`. */
export async function referencedTemplate(db: Db, companyId: number, publicId: string): Promise<TemplateView> {
  const [template] = await findVisibleTemplates(db, companyId, [publicId]);
  if (!template) {
    throw new ApiError(404, [{ message: errorMessages.notFound, propertyName: 'template.publicId' }]);
  }
  return template;
}
