import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { CompanyProperty, CustomField } from '@fleetgate/contracts';
import {
  propertyError,
  propertyRows,
  propertySaveOf,
  initialPropertyValues,
} from './company-property-form.ts';

const t = ((key: string) => key) as unknown as TFunction;
const field = (key: string, type: CustomField['type'], extra: Partial<CustomField> = {}): CustomField => ({
  publicId: `${key}000000000000`.slice(0, 12),
  name: key,
  key,
  entity: 'company',
  type,
  options: [],
  required: false,
  order: 0,
  ...extra,
});

describe('company property form', () => {
  const fields = [
    field('site', 'text', { required: true }),
    field('staff', 'number', { order: 1000 }),
    field('certified', 'boolean', { order: 2000 }),
    field('tier', 'select', { options: ['Gold'], order: 3000 }),
  ];
  const rows = propertyRows(fields);
  const stored: CompanyProperty[] = [
    { publicId: 'p1', key: 'site', value: 'HH' },
    { publicId: 'p2', key: 'staff', value: 12 },
    { publicId: 'p3', key: 'custom.glbVpnClientReleaseNotesUrl', value: 'https://a.example.com/n.json' },
  ];

  it('lists the settings first, then the fields in their order, with their stored values as text', () => {
    expect(rows.map((row) => row.key)).toEqual([
      'custom.glbVpnClientReleaseNotesUrl',
      'site',
      'staff',
      'certified',
      'tier',
    ]);
    expect(initialPropertyValues(rows, stored)).toEqual({
      'custom.glbVpnClientReleaseNotesUrl': 'https://a.example.com/n.json',
      site: 'HH',
      staff: '12',
      certified: '',
      tier: '',
    });
  });

  it('creates the new, changes the changed and removes the cleared values', () => {
    const values = {
      'custom.glbVpnClientReleaseNotesUrl': '',
      site: 'HH',
      staff: '13',
      certified: 'false',
      tier: 'Gold',
    };
    expect(propertySaveOf(rows, stored, values)).toEqual({
      create: [
        { key: 'certified', value: false },
        { key: 'tier', value: 'Gold' },
      ],
      change: [{ publicId: 'p2', value: 13 }],
      remove: ['p3'],
    });
  });

  it('checks values with the server’s rules', () => {
    const [setting, site, staff, , tier] = rows;
    expect(propertyError(setting!, 'http://a.example.com', t)).toBe('companyProperties.validation.https');
    expect(propertyError(setting!, '', t)).toBeUndefined();
    expect(propertyError(site!, ' ', t)).toBe('companyProperties.validation.required');
    expect(propertyError(staff!, 'abc', t)).toBe('companyProperties.validation.number');
    expect(propertyError(tier!, 'Iron', t)).toBe('companyProperties.validation.option');
    expect(propertyError(tier!, 'Gold', t)).toBeUndefined();
  });
});
