import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { BackendComponentMessageSubscription } from '@fleetgate/contracts';
import {
  emptySubscriptionForm,
  subscriptionDetail,
  subscriptionFormSchema,
  subscriptionInputOf,
  type SubscriptionFormValues,
} from './subscription-form.ts';

const t = ((key: string) => key) as unknown as TFunction;

function issues(values: SubscriptionFormValues) {
  const result = subscriptionFormSchema(t).safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('subscription form', () => {
  it('needs a device and its tags for tag samples, and five cron fields for a schedule', () => {
    const prefix = 'backendComponents.subscriptions.dialog.';
    expect(issues(emptySubscriptionForm)).toEqual([['agentId', `${prefix}deviceRequired`]]);
    expect(issues({ ...emptySubscriptionForm, agentId: 'agentaaaaaaa' })).toEqual([
      ['tagIds', `${prefix}tagsRequired`],
    ]);
    expect(issues({ ...emptySubscriptionForm, kind: 'schedule', cron: '*/5 * * *' })).toEqual([
      ['cron', `${prefix}cronInvalid`],
    ]);
    expect(issues({ ...emptySubscriptionForm, kind: 'schedule', cron: '*/5 * * * *' })).toEqual([]);
    expect(issues({ ...emptySubscriptionForm, kind: 'agentStatus' })).toEqual([]);
  });

  it('sends only the fields of its kind', () => {
    const form = {
      kind: 'tagSamples' as const,
      agentId: 'agentaaaaaaa',
      tagIds: ['tagaaaaaaaaa'],
      cron: 'x',
    };
    expect(subscriptionInputOf(form, 'templateaaaa')).toEqual({
      template: { publicId: 'templateaaaa' },
      kind: 'tagSamples',
      agent: { publicId: 'agentaaaaaaa' },
      tags: [{ publicId: 'tagaaaaaaaaa' }],
      enabled: true,
    });
    expect(subscriptionInputOf({ ...form, kind: 'schedule', cron: ' 0 * * * * ' }, 'templateaaaa')).toEqual({
      template: { publicId: 'templateaaaa' },
      kind: 'schedule',
      cron: '0 * * * *',
      enabled: true,
    });
    expect(subscriptionInputOf({ ...form, kind: 'alarmRaised', agentId: '' }, 'templateaaaa')).toEqual({
      template: { publicId: 'templateaaaa' },
      kind: 'alarmRaised',
      agent: null,
      enabled: true,
    });
  });

  it('describes a subscription by its schedule or its device and tags', () => {
    const base: BackendComponentMessageSubscription = {
      publicId: 'subaaaaaaaaa',
      company: { publicId: 'companyaaaaa', name: 'Acme' },
      template: { publicId: 'templateaaaa', name: 'F' },
      kind: 'tagSamples',
      agent: { publicId: 'agentaaaaaaa', name: 'Press 1' },
      tags: [
        { publicId: 'tagaaaaaaaaa', name: 'Temperature' },
        { publicId: 'tagbbbbbbbbb', name: 'Pressure' },
      ],
      cron: null,
      enabled: true,
      droppedRuns: 0,
    };
    expect(subscriptionDetail(base, 'All')).toBe('Press 1: Temperature, Pressure');
    expect(subscriptionDetail({ ...base, kind: 'agentStatus', agent: null, tags: [] }, 'All')).toBe('All');
    expect(subscriptionDetail({ ...base, kind: 'schedule', cron: '0 6 * * 1' }, 'All')).toBe('0 6 * * 1');
  });
});
