import type { Agent, AgentEnrolment } from '@fleetgate/contracts';
import type { useTestServer } from '../../../test/harness.ts';
import { agentFixtures, type As } from '../agents/agent.test-support.ts';

type TestServer = ReturnType<typeof useTestServer>;

async function answer(response: Response) {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as { type: string; status: string; data: unknown },
  };
}

/** Factories and raw calls for the screensaver tests. */
export function screensaverFixtures(t: TestServer) {
  const agents = agentFixtures(t);

  async function agentWithDisplay(as: As, hasDisplay = true, name = 'Panel gateway') {
    return agents.createAgent(as, { name, hasDisplay });
  }

  /** `POST RouterDisplayScreensaverUpload?agent=…` with raw bytes; `chunked` sends no Content-Length. */
  async function upload(
    as: Partial<As>,
    agent: string | undefined,
    bytes: Uint8Array,
    contentType = 'image/png',
    chunked = false,
  ) {
    const url = new URL('/api/RouterDisplayScreensaverUpload', t.server.baseUrl);
    if (agent !== undefined) url.searchParams.set('agent', agent);
    const body = chunked
      ? new ReadableStream({
          start(controller) {
            for (let i = 0; i < bytes.length; i += 64 * 1024)
              controller.enqueue(bytes.subarray(i, i + 64 * 1024));
            controller.close();
          },
        })
      : bytes;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Api-Version': '2',
        'Content-Type': contentType,
        ...(as.token ? { Authorization: `Bearer ${as.token}` } : {}),
        ...(as.company ? { 'Api-Company': as.company } : {}),
      },
      body,
      ...(chunked ? { duplex: 'half' } : {}),
    } as RequestInit);
    return answer(response);
  }

  async function getImage(as: Partial<As>, publicId: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${t.server.baseUrl}/api/RouterDisplayScreensaver/${publicId}`, {
      headers: {
        'Api-Version': '2',
        ...(as.token ? { Authorization: `Bearer ${as.token}` } : {}),
        ...(as.company ? { 'Api-Company': as.company } : {}),
        ...headers,
      },
    });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  /** The agent's own call, with its credential and the ETag it holds. */
  async function agentFetch(credential: string, etag?: string) {
    const response = await fetch(`${t.server.baseUrl}/api/AgentScreensaver`, {
      headers: {
        'Api-Version': '2',
        Authorization: `Bearer ${credential}`,
        ...(etag ? { 'If-None-Match': etag } : {}),
      },
    });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  /** Enrols the agent as `fleetgate-agent enroll` would; answers its credential. */
  async function enrol(as: As, agent: Agent) {
    const token = await t.call('POST', `AgentEnrolmentTokenList/${agent.publicId}`, as);
    const enrolment = await t.call('POST', 'AgentEnrolment', {
      body: { token: (token.body.data as { token: string }).token },
    });
    return (enrolment.body.data as AgentEnrolment).credential;
  }

  async function readAgent(as: As, publicId: string) {
    return (await t.call('GET', `Agent/${publicId}`, as)).body.data as Agent;
  }

  return { ...agents, agentWithDisplay, upload, getImage, agentFetch, enrol, readAgent };
}
