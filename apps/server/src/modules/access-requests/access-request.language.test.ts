import { describe, expect, it } from 'vitest';
import type { AccessRequest } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { requestScenarios } from './access-request.fixtures.ts';

const t = useTestServer();
const { scenario } = requestScenarios(t);

const inbox = async (user: { token: string }) =>
  (await t.call('GET', 'MessageList', { token: user.token })).body.data as {
    subject: string;
    body: string;
  }[];

describe('access request messages in the recipient’s language', () => {
  it('tells a German approver in German and an English one in English, and the requester in theirs', async () => {
    const s = await scenario();
    await t.call('PATCH', 'MyUser', { token: s.approver.token, body: { language: 'de' } });
    await t.call('PATCH', 'MyUser', { token: s.requester.token, body: { language: 'de' } });
    const request = await s.createOk({
      allowedApprovers: [{ publicId: s.approver.publicId }, { publicId: s.maintainer.publicId }],
    });

    expect(await inbox(s.approver)).toContainEqual(
      expect.objectContaining({
        subject: 'Zugriffsanfrage für Filler line',
        body: expect.stringMatching(
          /^Member fragt HMI auf Filler line vom \d\d\.\d\d\.\d{4}, \d\d:\d\d UTC bis .* an\. Grund: /,
        ),
      }),
    );
    expect((await inbox(s.maintainer)).map((m) => m.subject)).toContain('Access request for Filler line');

    const approved = await t.call('POST', `AccessRequestApprove/${request.publicId}`, {
      token: s.approver.token,
    });
    expect((approved.body.data as AccessRequest).status).toBe('approved');
    expect(await inbox(s.requester)).toContainEqual(
      expect.objectContaining({
        subject: 'Zugriffsanfrage genehmigt',
        body: expect.stringMatching(/^Member hat Ihre Anfrage für HMI auf Filler line vom .* genehmigt\.$/),
      }),
    );
  });
});
