import { z } from 'zod';
import type { TFunction } from 'i18next';
import {
  defaultServiceType,
  limits,
  serviceTypes,
  type Agent,
  type AgentServer,
  type ServiceType,
} from '@fleetgate/contracts';
import { nameSchema } from '../../components/form/field-schemas.ts';

/** Same rule as the server: a host name or an IPv4/IPv6 address, without scheme or port. */
const hostPattern = /^[A-Za-z0-9_.:-]+$/;
const hostMaxLength = 253;

export function agentFormSchema(t: TFunction) {
  return z.object({
    name: nameSchema(t),
    vpnLocked: z.boolean(),
    webAccessLocked: z.boolean(),
    vpnRequireAccessApproval: z.boolean(),
    useStunnel: z.boolean(),
    hasDisplay: z.boolean(),
    groups: z.array(z.object({ publicId: z.string(), name: z.string() })),
  });
}

export type AgentFormValues = z.infer<ReturnType<typeof agentFormSchema>>;

/** What `POST AgentList` and `PATCH Agent` take from the form. */
export type AgentInput = {
  name: string;
  vpnLocked: boolean;
  webAccessLocked: boolean;
  vpnRequireAccessApproval: boolean;
  useStunnel: boolean;
  hasDisplay: boolean;
  memberships: { group: { publicId: string } }[];
};

export function agentFormValuesOf(agent: Agent | undefined): AgentFormValues {
  return {
    name: agent?.name ?? '',
    vpnLocked: agent?.vpnLocked ?? false,
    webAccessLocked: agent?.webAccessLocked ?? false,
    vpnRequireAccessApproval: agent?.vpnRequireAccessApproval ?? false,
    useStunnel: agent?.useStunnel ?? false,
    hasDisplay: agent?.hasDisplay ?? false,
    groups: (agent?.memberships ?? []).map(({ group }) => ({ publicId: group.publicId, name: group.name })),
  };
}

export function agentInputOf(values: AgentFormValues): AgentInput {
  return {
    name: values.name,
    vpnLocked: values.vpnLocked,
    webAccessLocked: values.webAccessLocked,
    vpnRequireAccessApproval: values.vpnRequireAccessApproval,
    useStunnel: values.useStunnel,
    hasDisplay: values.hasDisplay,
    memberships: values.groups.map(({ publicId }) => ({ group: { publicId } })),
  };
}

export function agentServerFormSchema(t: TFunction) {
  return z.object({
    name: nameSchema(t),
    host: z
      .string()
      .trim()
      .min(1, t('form.required'))
      .max(hostMaxLength, t('form.maxLength', { count: hostMaxLength }))
      .regex(hostPattern, t('agents.serverDialog.hostInvalid')),
    // A text field: kept as typed and checked here, so "80a" is an error rather than NaN.
    port: z
      .string()
      .trim()
      .min(1, t('form.required'))
      .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535, {
        message: t('agents.serverDialog.portInvalid'),
      }),
    requireAccessApproval: z.boolean(),
    /** null: not chosen yet, the type follows the port (`shownServiceType`). */
    type: z.enum(serviceTypes).nullable(),
    acceptSelfSigned: z.boolean(),
    serviceGroup: z
      .string()
      .trim()
      .max(limits.nameMaxLength, t('form.maxLength', { count: limits.nameMaxLength })),
  });
}

export type AgentServerFormValues = z.infer<ReturnType<typeof agentServerFormSchema>>;

export type AgentServerInput = {
  name: string;
  host: string;
  port: number;
  requireAccessApproval: boolean;
  serviceGroup: string | null;
  type: ServiceType;
  acceptSelfSigned: boolean;
};

/**
 * The type the form shows and sends: the one chosen (or stored), else the default for the port
 * as typed (the server's own rule), so a new service on 443 is HTTPS until the user says otherwise.
 */
export function shownServiceType(values: Pick<AgentServerFormValues, 'type' | 'port'>): ServiceType {
  if (values.type) return values.type;
  const port = Number(values.port.trim());
  return Number.isInteger(port) && port >= 1 && port <= 65535 && values.port.trim() !== ''
    ? defaultServiceType(port)
    : 'tcp';
}

export function agentServerFormValuesOf(server: AgentServer | undefined): AgentServerFormValues {
  return {
    name: server?.name ?? '',
    host: server?.host ?? '',
    port: server ? String(server.port) : '',
    requireAccessApproval: server?.requireAccessApproval ?? false,
    serviceGroup: server?.serviceGroup ?? '',
    type: server?.type ?? null,
    acceptSelfSigned: server?.acceptSelfSigned ?? false,
  };
}

export function agentServerInputOf(values: AgentServerFormValues): AgentServerInput {
  const serviceGroup = values.serviceGroup.trim();
  const type = shownServiceType(values);
  return {
    name: values.name.trim(),
    host: values.host.trim(),
    port: Number(values.port),
    requireAccessApproval: values.requireAccessApproval,
    serviceGroup: serviceGroup === '' ? null : serviceGroup,
    type,
    // Only an HTTPS service has a certificate to accept.
    acceptSelfSigned: type === 'https' && values.acceptSelfSigned,
  };
}
