import http from 'node:http';

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

export type RawRequest = {
  method?: string;
  path: string;
  /** The Host header to send, whatever address the request goes to (fetch cannot set it). */
  host: string;
  headers?: Record<string, string>;
  body?: unknown;
};

/** One HTTP request to `baseUrl` with the given Host header; an upgrade request answers its response too. */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request({
      host: url.hostname,
      port: url.port,
      method: request.method ?? 'GET',
      path: request.path,
      agent: false,
      headers: {
        'Api-Version': '2',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...request.headers,
        Host: request.host,
      },
    });
    outgoing.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
      );
      response.on('error', reject);
    });
    outgoing.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, headers: response.headers, text: '' });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The headers of a WebSocket upgrade request (the key is any valid one). */
export const upgradeHeaders = {
  Connection: 'Upgrade',
  Upgrade: 'websocket',
  'Sec-WebSocket-Version': '13',
  'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
};
