import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessages } from '@fleetgate/contracts';
import type { ConnectionManager } from './connection-manager.ts';
import {
  badRequest,
  forbidden,
  header,
  HttpError,
  readBody,
  readJsonObject,
  sendError,
  sendJson,
  unauthenticated,
} from './http-io.ts';
import type { LogBuffer } from './log-buffer.ts';
import { parsePorts, type PortBook } from './ports.ts';
import { PortalError, type PortalClient, type PortalUser } from './portal-client.ts';
import { answerPreflight, classifyCaller, corsHeaders, hostAllowed, type Caller } from './request-guard.ts';
import { sendProbePage } from './probe-page.ts';
import { portErrorsForForm, portsFromForm, renderSettingsPage, settingsFromForm } from './settings-page.ts';
import { forceProtocols, parseSettings, type ForceProtocol, type Settings } from './settings.ts';
import { statusFor, type StatusStore } from './status.ts';
import type { TokenCheck } from './token-check.ts';

/** What the local API works with; the connector owns it. */
export type LocalApiContext = {
  port: () => number;
  settings: () => Settings;
  saveSettings: (settings: Settings) => Promise<void>;
  portalClient: (portal: string) => PortalClient;
  status: StatusStore;
  log: LogBuffer;
  manager: ConnectionManager;
  ports: PortBook;
  tokens: TokenCheck;
};

const publicIdPattern = /^[0-9a-z]{12}$/;
const uuidV4Pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const controllerHeader = 'VPN-Client-Controller-Identifier';
export const tokenHeader = 'Api-Access-Token';

/** The caller if its Host and Origin may use this route, else a 403. */
export function admit(ctx: LocalApiContext, request: IncomingMessage, kinds: Caller['kind'][]): Caller {
  const port = ctx.port();
  const caller = hostAllowed(request, port) ? classifyCaller(request, ctx.settings(), port) : undefined;
  if (!caller || !kinds.includes(caller.kind)) throw forbidden('Origin not allowed');
  return caller;
}

/** The portal a caller's token belongs to (the settings page has none). */
export function portalOf(ctx: LocalApiContext, caller: Caller): PortalClient {
  return ctx.portalClient(caller.kind === 'self' ? ctx.settings().portals[0]! : caller.portal);
}

/** Asks the portal whether the token is good; its refusal is ours, an unreachable portal a 502. */
export async function verifyToken(
  ctx: LocalApiContext,
  portal: PortalClient,
  token: string,
  options: { companyId?: string; fresh?: boolean } = {},
): Promise<PortalUser> {
  try {
    return await ctx.tokens.verify(portal, token, options);
  } catch (error) {
    if (!(error instanceof PortalError)) throw error;
    if (error.status === 401) throw unauthenticated();
    if (error.status === 404)
      throw new HttpError(403, [{ message: errorMessages.companyNotFound, propertyName: 'companyId' }]);
    ctx.log.write(`token check failed: ${error.message}`);
    throw new HttpError(502, [{ message: 'Portal unreachable' }]);
  }
}

/** The local API's HTTP routes (the status WebSocket is in status-socket.ts). */
export function createRequestHandler(ctx: LocalApiContext) {
  return (request: IncomingMessage, response: ServerResponse) => {
    handle(ctx, request, response).catch((error: unknown) => {
      if (error instanceof HttpError) return sendError(response, error);
      ctx.log.write(`local API error: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) sendError(response, new HttpError(500, [{ message: 'Internal error' }]));
      else response.destroy();
    });
  };
}

async function handle(ctx: LocalApiContext, request: IncomingMessage, response: ServerResponse) {
  const path = new URL(request.url ?? '/', 'http://connector').pathname;
  const method = request.method ?? 'GET';
  const route = routes[path];
  if (!route) throw new HttpError(404, [{ message: errorMessages.notFound }]);
  if (method === 'OPTIONS' && route.cors) {
    return answerPreflight(request, response, admit(ctx, request, ['portal', 'local']));
  }
  const run = route.methods[method];
  if (!run) {
    response.setHeader('Allow', Object.keys(route.methods).join(', '));
    throw new HttpError(405, [{ message: 'Method not allowed' }]);
  }
  await run(ctx, request, response);
}

type Route = {
  cors: boolean;
  methods: Record<
    string,
    (ctx: LocalApiContext, request: IncomingMessage, response: ServerResponse) => Promise<void>
  >;
};

const routes: Record<string, Route> = {
  '/status': { cors: true, methods: { GET: getStatus } },
  '/connect': { cors: true, methods: { POST: connect } },
  '/disconnect': { cors: true, methods: { POST: disconnect } },
  '/probe': { cors: false, methods: { GET: probePage } },
  '/': { cors: false, methods: { GET: settingsPage } },
  '/settings': { cors: false, methods: { POST: saveSettings } },
};

/** Admits a portal page or a local tool with a token, answering CORS for the page. */
async function apiCaller(ctx: LocalApiContext, request: IncomingMessage, response: ServerResponse) {
  const caller = admit(ctx, request, ['portal', 'local']);
  corsHeaders(response, caller);
  const token = header(request, tokenHeader);
  if (!token) throw unauthenticated();
  return { caller, token, portal: portalOf(ctx, caller) };
}

function controllerOf(request: IncomingMessage): string {
  const value = header(request, controllerHeader);
  if (!value) throw badRequest(errorMessages.required, controllerHeader);
  if (!uuidV4Pattern.test(value)) throw badRequest(errorMessages.invalid, controllerHeader);
  return value.toLowerCase();
}

/** Refused to a user while another user's session holds the connector (the portal names them from the status). */
export const inUseMessage = 'VPN_CLIENT_IN_USE';

async function getStatus(ctx: LocalApiContext, request: IncomingMessage, response: ServerResponse) {
  const { token, portal } = await apiCaller(ctx, request, response);
  const user = await verifyToken(ctx, portal, token);
  sendJson(response, 200, statusFor(ctx.status.current, user.publicId));
}

async function connect(ctx: LocalApiContext, request: IncomingMessage, response: ServerResponse) {
  const { token, portal } = await apiCaller(ctx, request, response);
  const controllerId = controllerOf(request);
  const body = await readJsonObject(request);
  const { agentId, companyId, userId, forceProtocol } = parseConnectBody(body);
  // A refused token is the caller's answer only: the status is shared by every user on this
  // computer, and nobody can be named for it.
  const user = await verifyToken(ctx, portal, token, { companyId, fresh: true });
  // The session is recorded as this user's: a body naming someone else is not theirs to send.
  if (user.publicId !== userId)
    throw new HttpError(403, [{ message: 'User does not match the access token', propertyName: 'userId' }]);
  const settings = ctx.settings();
  const outcome = await ctx.manager.connect({
    agentId,
    companyId,
    token,
    owner: { publicId: user.publicId, name: user.name },
    controllerId,
    portal,
    forceProtocol: forceProtocol ?? settings.forceProtocol,
    basePort: settings.basePort,
    ports: ctx.ports,
  });
  if (outcome === 'busy') throw new HttpError(409, [{ message: inUseMessage }]);
  sendJson(response, 202, statusFor(ctx.status.current, user.publicId));
}

function parseConnectBody(body: Record<string, unknown>) {
  for (const key of Object.keys(body)) {
    if (!['agentId', 'companyId', 'userId', 'forceProtocol'].includes(key))
      throw badRequest(errorMessages.invalid, key);
  }
  const id = (key: 'agentId' | 'companyId' | 'userId') => {
    const value = body[key];
    if (value === undefined || value === null || value === '') throw badRequest(errorMessages.required, key);
    if (typeof value !== 'string' || !publicIdPattern.test(value))
      throw badRequest(errorMessages.invalid, key);
    return value;
  };
  const agentId = id('agentId');
  const companyId = id('companyId');
  const userId = id('userId');
  const force = body.forceProtocol;
  if (
    force !== undefined &&
    (typeof force !== 'string' || !(forceProtocols as readonly string[]).includes(force))
  ) {
    throw badRequest(errorMessages.invalid, 'forceProtocol');
  }
  return { agentId, companyId, userId, forceProtocol: force as ForceProtocol | undefined };
}

async function disconnect(ctx: LocalApiContext, request: IncomingMessage, response: ServerResponse) {
  const { token, portal } = await apiCaller(ctx, request, response);
  controllerOf(request);
  const user = await verifyToken(ctx, portal, token);
  const outcome = await ctx.manager.disconnect(user.publicId);
  if (outcome === 'forbidden') throw new HttpError(403, [{ message: inUseMessage }]);
  sendJson(response, 200, statusFor(ctx.status.current, user.publicId));
}

async function probePage(ctx: LocalApiContext, request: IncomingMessage, response: ServerResponse) {
  admit(ctx, request, ['local', 'portal']);
  sendProbePage(request, response, ctx.settings(), ctx.status.current.version);
}

const pageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  // No other page may frame it (clickjacking the Save button).
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

async function settingsPage(ctx: LocalApiContext, request: IncomingMessage, response: ServerResponse) {
  admit(ctx, request, ['self', 'local', 'portal']);
  const saved = new URL(request.url ?? '/', 'http://connector').searchParams.has('saved');
  response.writeHead(200, pageHeaders);
  response.end(
    renderSettingsPage({
      settings: ctx.settings(),
      status: ctx.status.current,
      log: ctx.log.tail(),
      ports: ctx.ports.current,
      saved,
    }),
  );
}

/**
 * The settings form (urlencoded, answered with the page; it carries the local ports too) or
 * JSON (answered with the settings).
 */
async function saveSettings(ctx: LocalApiContext, request: IncomingMessage, response: ServerResponse) {
  admit(ctx, request, ['self', 'local']);
  const isForm = (header(request, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded');
  if (isForm) return saveSettingsForm(ctx, new URLSearchParams(await readBody(request)), response);
  const result = parseSettings(await readJsonObject(request), ctx.settings());
  if (!result.settings) throw new HttpError(400, result.errors);
  await applySettings(ctx, result.settings);
  sendJson(response, 200, result.settings);
}

async function saveSettingsForm(ctx: LocalApiContext, form: URLSearchParams, response: ServerResponse) {
  const input = settingsFromForm(form);
  const result = parseSettings(input, ctx.settings());
  const ports = portsFromForm(form, ctx.ports.current);
  const portResult = parsePorts(ports.input, ctx.ports.reserved);
  const errors = [...result.errors, ...portErrorsForForm(portResult.errors, ports.fields)];
  if (!result.settings || !portResult.ports) {
    const page = renderSettingsPage({
      settings: { ...ctx.settings(), ...(input as Partial<Settings>) },
      status: ctx.status.current,
      log: ctx.log.tail(),
      ports: ctx.ports.current,
      portValues: ports.values,
      errors,
    });
    response.writeHead(400, pageHeaders);
    return void response.end(page);
  }
  await applySettings(ctx, result.settings);
  const before = JSON.stringify(ctx.ports.current);
  await ctx.ports.replace(portResult.ports);
  if (JSON.stringify(ctx.ports.current) !== before) ctx.log.write(`local ports saved: ${describePorts(ctx)}`);
  response.writeHead(303, { Location: '/?saved' }).end();
}

async function applySettings(ctx: LocalApiContext, settings: Settings) {
  await ctx.saveSettings(settings);
  ctx.log.write(
    `settings saved: portals ${settings.portals.join(', ')}, force protocol ${settings.forceProtocol}`,
  );
}

function describePorts(ctx: LocalApiContext): string {
  const { socksPort, services } = ctx.ports.current;
  return [
    `SOCKS5 ${socksPort ?? 'new at next connect'}`,
    ...services.map((s) => `${s.serviceName} of ${s.agentName} ${s.port}`),
  ].join(', ');
}
