import { customFieldCreateInput, customFieldPatchInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { registerResource } from '../../http/resource.ts';
import type { ModuleDeps } from '../index.ts';
import { findCustomFieldsByPublicIds, listCustomFields } from './custom-field.repository.ts';
import { customFieldFields, customFieldFilters, presentCustomField } from './custom-field.presenter.ts';
import { changeCustomField, createCustomField, removeCustomField } from './custom-field.service.ts';

/** `CustomPropertyList` and `CustomProperty/{publicId}`: every member reads, the custom-fields right writes. */
export function registerCustomFieldRoutes(api: Api, _deps: ModuleDeps) {
  registerResource(api, {
    name: 'CustomProperty',
    read: null,
    write: 'customFields.manage',
    fields: customFieldFields,
    filters: customFieldFilters,
    repository: { list: listCustomFields, findByPublicIds: findCustomFieldsByPublicIds },
    present: presentCustomField,
    create: { schema: customFieldCreateInput, run: createCustomField },
    update: { schema: customFieldPatchInput, run: changeCustomField },
    remove: { run: removeCustomField },
  });
}
