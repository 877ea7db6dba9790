import { companyPropertyCreateInput, companyPropertyPatchInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { registerResource } from '../../http/resource.ts';
import {
  companyPropertyFields,
  companyPropertyFilters,
  presentCompanyProperty,
} from './company-property.presenter.ts';
import { findCompanyPropertiesByPublicIds, listCompanyProperties } from './company-property.repository.ts';
import {
  changeCompanyProperty,
  createCompanyProperty,
  removeCompanyProperty,
} from './company-property.service.ts';

/**
 * `MyCompanyCustomPropertyList` and `MyCompanyCustomProperty/{publicId}`: the company's values of
 * its `company` custom fields and its settings (`custom.*`, the same rows `Company.custom` reads).
 * Every member reads them; changing them is part of the company identity (`branding.manage`).
 */
export function registerCompanyPropertyRoutes(api: Api) {
  registerResource(api, {
    name: 'MyCompanyCustomProperty',
    read: null,
    write: 'branding.manage',
    fields: companyPropertyFields,
    filters: companyPropertyFilters,
    repository: { list: listCompanyProperties, findByPublicIds: findCompanyPropertiesByPublicIds },
    present: presentCompanyProperty,
    create: { schema: companyPropertyCreateInput, run: createCompanyProperty },
    update: { schema: companyPropertyPatchInput, run: changeCompanyProperty },
    remove: { run: removeCompanyProperty },
  });
}
