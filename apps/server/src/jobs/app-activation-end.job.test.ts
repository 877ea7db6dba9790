import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@fleetgate/contracts';
import { useTestServer } from '../../test/harness.ts';
import { licenceFixtures } from '../modules/licences/licence.test-support.ts';
import { sweepEndedActivations } from './app-activation-end.job.ts';

const t = useTestServer();
const f = licenceFixtures(t);

const activate = (as: { token: string; company: string }, rel: string, body: object) =>
  t.call('POST', rel, { ...as, body });

describe('the activation-end job', () => {
  it('announces activations whose trial or licence ran out in its window, once, and no others', async () => {
    const { as, company } = await f.setup(['dataLogging', 'alarming']);
    const licence = await f.licence(company.publicId, 'logging', 2);
    const [byLicence, byTrial, stays, deactivated] = [
      await f.agent(as, 'Licensed'),
      await f.agent(as, 'On trial'),
      await f.agent(as, 'Stays'),
      await f.agent(as, 'Deactivated'),
    ];
    const logging = 'AgentAppLoggingListActivate';
    const alarming = 'AgentAppAlarmingListActivate';
    expect(
      (await activate(as, logging, { publicId: byLicence, licence: { publicId: licence } })).status,
    ).toBe(201);
    expect((await activate(as, alarming, { publicId: byTrial, trial: true })).status).toBe(201);
    expect((await activate(as, logging, { publicId: stays, trial: true })).status).toBe(201);
    expect((await activate(as, logging, { publicId: deactivated, trial: true })).status).toBe(201);
    expect((await t.call('DELETE', `AgentAppLogging/${deactivated}`, as)).status).toBe(200);

    const db = f.db();
    const idOf = async (publicId: string) =>
      (await db.selectFrom('agents').select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow())
        .id;
    const since = new Date();
    const inWindow = new Date(since.getTime() + 500);
    const until = new Date(since.getTime() + 1000);
    // The licence expires inside the window (its activation follows the licence).
    await db
      .updateTable('agent_app_activations')
      .set({ ends_on: null })
      .where('agent_id', '=', await idOf(byLicence))
      .execute();
    await db
      .updateTable('licences')
      .set({ valid_until: inWindow })
      .where('public_id', '=', licence)
      .execute();
    // The alarming trial ends inside it; the deactivated one would too, but was announced already.
    for (const agent of [byTrial, deactivated])
      await db
        .updateTable('agent_app_activations')
        .set({ ends_on: inWindow })
        .where('agent_id', '=', await idOf(agent))
        .execute();

    const published: LiveEvent[] = [];
    const events = {
      publish: async (_audience: unknown, event: LiveEvent) => void published.push(event),
    } as unknown as Parameters<typeof sweepEndedActivations>[1];
    const ended = await sweepEndedActivations(db, events, since, until);
    expect(ended.sort()).toEqual([byLicence, byTrial].sort());
    expect(published).toHaveLength(2);
    expect(published[0]).toMatchObject({
      type: 'LicencesChanged',
      data: { agent: { publicId: expect.any(String) } },
    });
    expect(await sweepEndedActivations(db, events, until, new Date(until.getTime() + 60_000))).toEqual([]);
  });
});
