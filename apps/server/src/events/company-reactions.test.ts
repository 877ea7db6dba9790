import { describe, expect, it } from 'vitest';
import { ReactionsCache, type CompanyReactions } from './company-reactions.ts';

const none: CompanyReactions = { webhooks: false, subscriptions: false };
const some: CompanyReactions = { webhooks: true, subscriptions: false };

/** A load whose answer the test gives when it wants, counting the loads. */
function controlledLoad() {
  const calls: { companyId: number; answer: (value: CompanyReactions) => void }[] = [];
  const load = (companyId: number) =>
    new Promise<CompanyReactions>((resolve) => calls.push({ companyId, answer: resolve }));
  return { calls, load };
}

describe('ReactionsCache', () => {
  it('loads a company once for callers that ask together and remembers it', async () => {
    const { calls, load } = controlledLoad();
    const cache = new ReactionsCache(load, 60_000);
    const asked = [cache.of(1), cache.of(1), cache.of(1)];
    expect(calls).toHaveLength(1);
    calls[0]!.answer(none);
    expect(await Promise.all(asked)).toEqual([none, none, none]);
    expect(await cache.of(1)).toEqual(none);
    expect(calls).toHaveLength(1);
  });

  it('loads again after the company was forgotten, and never keeps a load that began before', async () => {
    const { calls, load } = controlledLoad();
    const cache = new ReactionsCache(load, 60_000);
    const before = cache.of(1);
    cache.forget(1);
    // Asked after the change: not answered by the load that may have read the old state.
    const after = cache.of(1);
    expect(calls).toHaveLength(2);
    calls[0]!.answer(none);
    calls[1]!.answer(some);
    expect(await before).toEqual(none);
    expect(await after).toEqual(some);
    expect(await cache.of(1)).toEqual(some);
    expect(calls).toHaveLength(2);
  });

  it('forgets one company only, and keeps nothing with a lifetime of 0', async () => {
    const loads: number[] = [];
    const cache = new ReactionsCache(async (companyId) => (loads.push(companyId), none), 60_000);
    await cache.of(1);
    await cache.of(2);
    cache.forget(2);
    await cache.of(1);
    await cache.of(2);
    expect(loads).toEqual([1, 2, 2]);
    const uncached = new ReactionsCache(async (companyId) => (loads.push(companyId), none), 0);
    await uncached.of(3);
    await uncached.of(3);
    expect(loads).toEqual([1, 2, 2, 3, 3]);
  });
});
