import type { useTestServer, Response } from './harness.ts';
import { SoftPasskey } from './soft-authenticator.ts';
import { sendMessage } from '../src/modules/messages/message.service.ts';
import { changeSignInRules, readSignInRules } from '../src/modules/sign-in-rules/sign-in-rules.service.ts';

type TestServer = ReturnType<typeof useTestServer>;
type Read = Record<string, unknown>;

/** One company of its own for each resource, so rules one resource sets (sign-in rules) touch no other. */
export type PatchWorld = {
  t: TestServer;
  company: Awaited<ReturnType<TestServer['newCompany']>>;
  as: { token: string; company: string };
  /** POST that must answer 201; answers the created publicId. */
  create(rel: string, body: unknown): Promise<string>;
  call(method: string, rel: string, body?: unknown, query?: Record<string, string>): Promise<Response>;
};

/** What one run changes: the object, and how it is patched and read. */
export type PatchTarget = {
  /** The object's publicId; none for a resource that is one per company or user. */
  id?: string;
  /** For each property of the PATCH body: values unlike the ones the object was created with. */
  changes: Record<string, unknown[]>;
};

export type PatchGenerator = {
  /** Shared objects the resource refers to, made once (publicIds by name). */
  setup?(w: PatchWorld): Promise<Record<string, string>>;
  /**
   * Creates the object with a value other than its default in every property a PATCH can change.
   * `changing` is the property the run will change, for kinds of object that use different
   * properties (a scheduled subscription has a cron, one of tag samples has tags).
   */
  create(w: PatchWorld, fx: Record<string, string>, changing?: string): Promise<PatchTarget>;
  /** The object as a GET answers it; by default `GET <Rel>/{id}` (or `GET <Rel>`). */
  read?(w: PatchWorld, target: PatchTarget): Promise<Read>;
  /** The change's body, where it is more than `{property: value}` (a rule ties two properties). */
  body?(property: string, value: unknown): Record<string, unknown>;
  /** Sends the change where it is not a body for the item (or the list, by publicId) or the singleton. */
  patch?(w: PatchWorld, target: PatchTarget, property: string, value: unknown): Promise<Response>;
  /** Read properties that follow the changed one (with `property`, they are allowed to change). */
  follows?: Record<string, string[]>;
  /** The read properties a change may move, where they are not the property and those it `follows`. */
  touched?(property: string, value: unknown): string[];
  /** Read properties any change moves (the time of the last change). */
  moving?: string[];
  /** Objects one test may create at most (a rate limit): random runs stop short of it. */
  createsAtMost?: number;
  /** Properties a read does not show as sent (write-only secrets): not checked for the change itself. */
  writeOnly?: string[];
};

const ref = (publicId: string) => ({ publicId });
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const data = <T>(response: Response) => response.body.data as T;

async function idsOf(w: PatchWorld) {
  const db = w.t.server.db;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('public_id', '=', w.company.publicId)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('public_id', '=', w.company.admin.publicId)
    .executeTakeFirstOrThrow();
  return { companyId: company.id, userId: user.id };
}

async function agentWithTcpService(w: PatchWorld, name: string) {
  const agent = await w.create('AgentList', {
    name: `${name} ${w.t.unique()}`,
    servers: [{ name: 'plc', host: '10.0.0.5', port: 502, type: 'tcp' }],
  });
  const read = await w.call('GET', `Agent/${agent}`, undefined, { fields: 'servers' });
  const service = data<{ servers: { publicId: string }[] }>(read).servers[0]!.publicId;
  return { agent, service };
}

async function installApps(w: PatchWorld, apps: string[]) {
  for (const app of apps) {
    const installed = await w.call('POST', `AppInstall/${app}`);
    if (installed.status !== 201) throw new Error(`installing ${app}: ${JSON.stringify(installed.body)}`);
  }
}

/** An agent with a Modbus data source and a tag on it, and a second of each to move to. */
async function loggingFixtures(w: PatchWorld) {
  await installApps(w, ['dataLogging', 'alarming']);
  const { agent, service } = await agentWithTcpService(w, 'Logger');
  const other = await w.call('POST', 'AgentServerList', {
    name: 'plc2',
    host: '10.0.0.6',
    port: 502,
    type: 'tcp',
    agent: ref(agent),
  });
  const source = await w.create(`AgentDataSourceList/${agent}`, {
    name: 'PLC',
    kind: 'modbus',
    server: ref(service),
    unitId: 3,
  });
  const source2 = await w.create(`AgentDataSourceList/${agent}`, {
    name: 'PLC 2',
    kind: 'modbus',
    server: ref(service),
    unitId: 4,
  });
  const broker = await w.create('MqttBrokerList', { name: 'Broker', url: 'mqtt://10.0.0.1:1883' });
  const broker2 = await w.create('MqttBrokerList', { name: 'Broker 2', url: 'mqtt://10.0.0.2:1883' });
  const tag = (name: string) =>
    w.create(`AgentTagList/${agent}`, {
      name: `${name} ${w.t.unique()}`,
      dataSource: ref(source),
      address: 'hr:0',
      dataType: 'float32',
    });
  return {
    agent,
    service,
    service2: data<{ publicId: string }>(other).publicId,
    source,
    source2,
    broker,
    broker2,
    tag: await tag('temperature'),
    tag2: await tag('pressure'),
  };
}

/**
 * A generator for every resource in discovery that takes a PATCH, by item rel (`Role` for
 * `PATCH Role/{id}` and `PATCH RoleList`). The property test fails for a patchable rel without
 * one, and for a PATCH body property a generator does not change.
 */
export const patchGenerators: Record<string, PatchGenerator> = {
  Role: {
    async create(w) {
      const id = await w.create('RoleList', {
        name: `Role ${w.t.unique()}`,
        capabilities: ['agents.connect', 'groups.manage'],
      });
      return {
        id,
        changes: { name: [`Renamed ${w.t.unique()}`], capabilities: [['roles.manage'], []] },
      };
    },
  },

  GroupType: {
    async create(w) {
      const id = await w.create('GroupTypeList', { name: `Line ${w.t.unique()}`, color: '#12ab9f' });
      return {
        id,
        changes: { name: [`Hall ${w.t.unique()}`], color: ['#d81b60', '#00acc1'], order: [7, 123_456] },
      };
    },
  },

  AssetType: {
    async create(w) {
      const id = await w.create('AssetTypeList', { name: `PLC ${w.t.unique()}` });
      return { id, changes: { name: [`Drive ${w.t.unique()}`], order: [7, 123_456] } };
    },
  },

  Group: {
    async setup(w) {
      const groupType = await w.create('GroupTypeList', { name: 'Site', color: '#12ab9f' });
      const groupType2 = await w.create('GroupTypeList', { name: 'Hall', color: '#d81b60' });
      const parent = await w.create('GroupList', { name: 'Plant', groupType: ref(groupType) });
      const parent2 = await w.create('GroupList', { name: 'Works', groupType: ref(groupType) });
      return { groupType, groupType2, parent, parent2 };
    },
    async create(w, fx) {
      const id = await w.create('GroupList', {
        name: `Line ${w.t.unique()}`,
        groupType: ref(fx.groupType!),
        parent: ref(fx.parent!),
        color: '#12ab9f',
      });
      return {
        id,
        changes: {
          name: [`Cell ${w.t.unique()}`],
          groupType: [ref(fx.groupType2!)],
          parent: [ref(fx.parent2!), null],
          color: ['#d81b60'],
        },
      };
    },
  },

  Asset: {
    async setup(w) {
      return {
        assetType: await w.create('AssetTypeList', { name: 'PLC' }),
        assetType2: await w.create('AssetTypeList', { name: 'Drive' }),
        agent: await w.create('AgentList', { name: 'Gateway' }),
        agent2: await w.create('AgentList', { name: 'Gateway 2' }),
      };
    },
    async create(w, fx) {
      const id = await w.create('AssetList', {
        name: `Press ${w.t.unique()}`,
        assetType: ref(fx.assetType!),
        agent: ref(fx.agent!),
      });
      return {
        id,
        changes: {
          name: [`Pump ${w.t.unique()}`],
          assetType: [ref(fx.assetType2!)],
          agent: [ref(fx.agent2!), null],
        },
      };
    },
  },

  Audience: {
    async create(w) {
      const id = await w.create('AudienceList', {
        name: `Contractors ${w.t.unique()}`,
        description: 'Outside staff',
      });
      return { id, changes: { name: [`Guests ${w.t.unique()}`], description: ['Visitors', null] } };
    },
  },

  CustomProperty: {
    async create(w) {
      const id = await w.create('CustomPropertyList', {
        name: `Colour ${w.t.unique()}`,
        key: `colour${w.t.unique().replace(/[^a-z0-9]/g, '')}`,
        entity: 'agent',
        type: 'select',
        options: ['red', 'green'],
        required: true,
        order: 5,
      });
      return {
        id,
        changes: {
          name: [`Shade ${w.t.unique()}`],
          // Only a select field has options: the type changes to another with options left out.
          type: ['text'],
          options: [['red', 'green', 'blue'], ['blue']],
          required: [false],
          order: [70, 9000],
        },
      };
    },
    follows: { type: ['options'] },
    body: (property, value) => (property === 'type' ? { type: value, options: [] } : { [property]: value }),
  },

  MqttBroker: {
    async create(w) {
      const id = await w.create('MqttBrokerList', {
        name: `Broker ${w.t.unique()}`,
        url: 'mqtt://10.0.0.1:1883',
        clientId: 'fleetgate-1',
        username: 'plant',
        password: 'secret-1',
      });
      return {
        id,
        changes: {
          name: [`Other ${w.t.unique()}`],
          url: ['mqtts://10.0.0.2:8883'],
          clientId: ['fleetgate-2', null],
          username: ['line', null],
          password: ['secret-2', null],
        },
      };
    },
    // A password needs a user name: clearing the name clears the password with it.
    body: (property, value) =>
      property === 'username' && value === null ? { username: null, password: null } : { [property]: value },
    follows: { password: ['hasPassword'], username: ['hasPassword'] },
    writeOnly: ['password'],
  },

  Agent: {
    async setup(w) {
      const controller = await w.t.newCompany();
      const groupType = await w.create('GroupTypeList', { name: 'Site', color: '#12ab9f' });
      return {
        controller: controller.publicId,
        group: await w.create('GroupList', { name: 'Plant', groupType: ref(groupType) }),
        group2: await w.create('GroupList', { name: 'Works', groupType: ref(groupType) }),
      };
    },
    async create(w, fx) {
      const id = await w.create('AgentList', {
        name: `Gateway ${w.t.unique()}`,
        vpnLocked: true,
        webAccessLocked: true,
        vpnRequireAccessApproval: true,
        useStunnel: true,
        hasDisplay: true,
        controlledBy: ref(fx.controller!),
        memberships: [{ group: ref(fx.group!) }],
        servers: [{ name: 'HMI', host: '10.0.0.7', port: 80 }],
      });
      return {
        id,
        changes: {
          name: [`Router ${w.t.unique()}`],
          vpnLocked: [false],
          webAccessLocked: [false],
          vpnRequireAccessApproval: [false],
          useStunnel: [false],
          hasDisplay: [false],
          controlledBy: [null],
          memberships: [[{ group: ref(fx.group2!) }], []],
        },
      };
    },
    read: async (w, target) =>
      data<Read>(await w.call('GET', `Agent/${target.id}`, undefined, { fields: '*,servers,memberships' })),
  },

  AgentServer: {
    async setup(w) {
      return { agent: await w.create('AgentList', { name: 'Gateway' }) };
    },
    async create(w, fx) {
      const id = await w.create('AgentServerList', {
        name: `HMI ${w.t.unique()}`,
        host: '10.0.0.7',
        port: 8443,
        requireAccessApproval: true,
        serviceGroup: 'Line 1',
        type: 'https',
        acceptSelfSigned: true,
        agent: ref(fx.agent!),
      });
      return {
        id,
        changes: {
          name: [`Panel ${w.t.unique()}`],
          host: ['plc.local'],
          port: [8080],
          requireAccessApproval: [false],
          serviceGroup: ['Line 2', null],
          type: ['http', 'vnc'],
          acceptSelfSigned: [false],
        },
      };
    },
  },

  UserMembership: {
    async setup(w) {
      return {
        role: await w.create('RoleList', { name: 'Viewer', capabilities: [] }),
        role2: await w.create('RoleList', { name: 'Operator', capabilities: ['agents.connect'] }),
        audience: await w.create('AudienceList', { name: 'Contractors' }),
        audience2: await w.create('AudienceList', { name: 'Guests' }),
      };
    },
    async create(w, fx) {
      const member = await w.t.newMember(w.company, []);
      const id = member.membershipPublicId;
      const set = await w.call('PATCH', `UserMembership/${id}`, {
        role: ref(fx.role!),
        audience: ref(fx.audience!),
        expiresOn: isoIn(30),
      });
      if (set.status !== 200) throw new Error(`UserMembership: ${JSON.stringify(set.body)}`);
      return {
        id,
        changes: {
          role: [ref(fx.role2!)],
          audience: [ref(fx.audience2!), null],
          expiresOn: [isoIn(60), null],
        },
      };
    },
  },

  GroupMember: {
    async setup(w) {
      const groupType = await w.create('GroupTypeList', { name: 'Site', color: '#12ab9f' });
      return {
        group: await w.create('GroupList', { name: 'Plant', groupType: ref(groupType) }),
        role: await w.create('RoleList', { name: 'Viewer', capabilities: [] }),
        role2: await w.create('RoleList', { name: 'Operator', capabilities: ['agents.connect'] }),
      };
    },
    async create(w, fx) {
      const member = await w.t.newMember(w.company, []);
      const id = await w.create('GroupMemberList', {
        group: ref(fx.group!),
        user: ref(member.publicId),
        role: ref(fx.role!),
        expiresOn: isoIn(30),
      });
      return { id, changes: { role: [ref(fx.role2!)], expiresOn: [isoIn(60), null] } };
    },
  },

  Message: {
    async create(w) {
      const { userId } = await idsOf(w);
      const message = { userId, companyId: null, subject: 'Hello', body: 'Text' };
      const row = await sendMessage(w.t.server.db, message);
      return { id: row.public_id, changes: { read: [true] } };
    },
    follows: { read: ['readAt'] },
  },

  Company: {
    async create(w) {
      const set = await w.call('PATCH', `Company/${w.company.publicId}`, {
        custom: { glbVpnClientReleaseNotesUrl: 'https://example.com/notes-1' },
      });
      if (set.status !== 200) throw new Error(`Company: ${JSON.stringify(set.body)}`);
      return {
        id: w.company.publicId,
        changes: {
          custom: [
            { glbVpnClientReleaseNotesUrl: 'https://example.com/notes-2' },
            { glbVpnClientReleaseNotesUrl: null },
          ],
        },
      };
    },
  },

  MyCompanyCustomProperty: {
    async create(w) {
      const key = `site${w.t.unique().replace(/[^a-z0-9]/g, '')}`;
      await w.create('CustomPropertyList', { name: `Site ${key}`, key, entity: 'company', type: 'text' });
      const id = await w.create('MyCompanyCustomPropertyList', { key, value: 'Berlin' });
      return { id, changes: { value: ['Hamburg'] } };
    },
  },

  MyUser: {
    async create(w) {
      const set = await w.call('PATCH', 'MyUser', { name: `Me ${w.t.unique()}`, language: 'de' });
      if (set.status !== 200) throw new Error(`MyUser: ${JSON.stringify(set.body)}`);
      return { changes: { name: [`Myself ${w.t.unique()}`], language: ['en', null] } };
    },
  },

  CompanySignInRules: {
    // Requiring SSO needs an identity provider.
    async setup(w) {
      const provider = await w.create('CompanySsoIdentityProviderList', {
        name: 'Entra',
        issuerUrl: 'https://login.example.com/tenant',
        clientId: 'fleetgate-client',
        clientSecret: 'Very-secret-client-secret-4711',
        allowedDomains: ['example.com'],
      });
      return { provider };
    },
    // Once SSO is required, the administrator's password session is refused: the rules are set
    // back and read through the service, as the API would answer them.
    async create(w) {
      const actor = { ...(await idsOf(w)), clientAddress: '127.0.0.1' };
      await changeSignInRules(w.t.server.db, actor, {
        twoFactorRequired: false,
        twoFactorGraceDays: 9,
        ssoRequired: false,
      });
      return { changes: { twoFactorRequired: [true], twoFactorGraceDays: [3, 0], ssoRequired: [true] } };
    },
    read: async (w) => readSignInRules(w.t.server.db, (await idsOf(w)).companyId),
    follows: { twoFactorRequired: ['twoFactorRequiredSince'] },
  },

  MyCompanyBranding: {
    async create(w) {
      const set = await w.call('PATCH', 'MyCompanyBranding', {
        fqdn: `portal-${w.t.unique().replace(/[^a-z0-9]/g, '')}.example.com`,
        theme: { primaryColor: '#12ab9f', secondaryColor: '#d81b60', mode: 'dark' },
        customBrowserTitle: 'Plant portal',
        appStoreLinks: { android: 'com.example.plant', ios: 'id123456789' },
        supportedPlatforms: ['windows'],
        vpnReleaseNotesUrl: 'https://example.com/notes-1',
      });
      if (set.status !== 200) throw new Error(`MyCompanyBranding: ${JSON.stringify(set.body)}`);
      return {
        changes: {
          fqdn: [`other-${w.t.unique().replace(/[^a-z0-9]/g, '')}.example.com`, null],
          theme: [{ primaryColor: '#00acc1', secondaryColor: '#546e7a', mode: 'light' }, null],
          customBrowserTitle: ['Works portal', null],
          appStoreLinks: [{ android: 'com.example.works', ios: 'id987654321' }],
          supportedPlatforms: [['macos', 'linux'], []],
          vpnReleaseNotesUrl: ['https://example.com/notes-2', null],
        },
      };
    },
  },

  AppConfigUpdate: {
    async setup(w) {
      await installApps(w, ['dataLogging', 'alarming', 'reports']);
      return {};
    },
    async create(w) {
      const settings: [string, object][] = [
        ['dataLogging', { retentionDays: 400 }],
        ['alarming', { emailNotifications: false }],
        ['reports', { timeZone: 'Europe/Berlin' }],
      ];
      for (const [app, config] of settings) {
        const set = await w.call('PATCH', 'AppConfigUpdate', { publicId: app, config });
        if (set.status !== 200) throw new Error(`AppConfigUpdate: ${JSON.stringify(set.body)}`);
      }
      return {
        changes: {
          config: [
            { app: 'dataLogging', config: { retentionDays: 90 } },
            { app: 'alarming', config: { emailNotifications: true } },
            { app: 'reports', config: { timeZone: 'America/New_York' } },
          ],
        },
      };
    },
    // The change names its app; each app's settings are read from the app list.
    async read(w) {
      const apps = data<{ publicId: string }[]>(await w.call('GET', 'AppList'));
      return Object.fromEntries(apps.map((app) => [app.publicId, app]));
    },
    patch(w, _target, _property, value) {
      const { app, config } = value as { app: string; config: object };
      return w.call('PATCH', 'AppConfigUpdate', { publicId: app, config });
    },
    touched: (_property, value) => [(value as { app: string }).app],
  },

  MenuItem: {
    async setup(w) {
      return {
        audience: await w.create('AudienceList', { name: 'Contractors' }),
        audience2: await w.create('AudienceList', { name: 'Guests' }),
      };
    },
    async create(w, fx) {
      const id = await w.create('MenuItemList', {
        name: `Wiki ${w.t.unique()}`,
        url: 'https://wiki.example.com/',
        icon: 'store',
        order: 500,
        audience: ref(fx.audience!),
      });
      return {
        id,
        changes: {
          name: [`Shop ${w.t.unique()}`],
          translationKey: ['menu.wiki'],
          url: ['https://shop.example.com/'],
          icon: ['link'],
          order: [7000],
          audience: [ref(fx.audience2!), null],
        },
      };
    },
    // A menu item shows a name or a translation key, not both.
    body: (property, value) =>
      property === 'translationKey' ? { translationKey: value, name: null } : { [property]: value },
    follows: { translationKey: ['name'] },
    async read(w, target) {
      const query = { all: 'true', filters: `eq(publicId,"${target.id}")` };
      return data<Read[]>(await w.call('GET', 'MenuItemList', undefined, query))[0]!;
    },
  },

  Translation: {
    async create(w) {
      const key = `plant.k${w.t.unique().replace(/[^a-z0-9]/g, '')}`;
      const id = await w.create('TranslationList', [{ key, languages: { en: 'Press', de: 'Presse' } }]);
      return {
        id,
        changes: {
          key: [`${key}.other`],
          languages: [{ en: 'Pump', de: 'Pumpe' }, { en: 'Only English' }],
        },
      };
    },
    async read(w, target) {
      const query = { fields: '*,languages(*)', filters: `eq(publicId,"${target.id}")` };
      return data<Read[]>(await w.call('GET', 'TranslationList', undefined, query))[0]!;
    },
  },

  CompanyTermsOfUsePolicyLanguage: legalText('CompanyTermsOfUsePolicy'),
  CompanyPrivacyStatementLanguage: legalText('CompanyPrivacyStatement'),

  CompanySsoIdentityProvider: {
    async create(w) {
      const id = await w.create('CompanySsoIdentityProviderList', {
        name: `Entra ${w.t.unique()}`,
        issuerUrl: 'https://login.example.com/tenant',
        clientId: 'fleetgate-client',
        clientSecret: 'Very-secret-client-secret-4711',
        allowedDomains: ['example.com', 'plant.example.org'],
        logoUrl: 'https://example.com/logo.png',
      });
      return {
        id,
        changes: {
          name: [`Okta ${w.t.unique()}`],
          issuerUrl: ['https://login.example.org/other'],
          clientId: ['other-client'],
          clientSecret: ['Another-secret-client-secret-0815'],
          allowedDomains: [['works.example.net']],
          logoUrl: ['https://example.com/other.png', null],
        },
      };
    },
    writeOnly: ['clientSecret'],
  },

  Webhook: {
    async create(w) {
      const id = await w.create('WebhookList', {
        name: `Hook ${w.t.unique()}`,
        url: 'http://127.0.0.1:9/first',
        eventTypes: ['AlarmRaised'],
        enabled: false,
      });
      return {
        id,
        changes: {
          name: [`Other ${w.t.unique()}`],
          url: ['http://127.0.0.1:9/second'],
          eventTypes: [['TagSamples', 'AgentStatusChanged'], []],
          enabled: [true],
        },
      };
    },
    moving: ['updatedOn'],
    // A user may save (create or change) 30 targets a minute.
    createsAtMost: 14,
  },

  Passkey: {
    // Passkey ceremonies are limited to 30 a minute from one address.
    createsAtMost: 12,
    async create(w) {
      const user = w.company.admin;
      const passkey = new SoftPasskey(w.t.server.config.publicUrl);
      const options = await w.t.call('POST', 'PasskeyRegistrationOptions', { token: user.token });
      const ceremony = data<{ challengeId: string; options: Parameters<SoftPasskey['register']>[0] }>(
        options,
      );
      const created = await w.t.call('POST', 'PasskeyList', {
        token: user.token,
        body: {
          name: `Laptop ${w.t.unique()}`,
          password: user.password,
          challengeId: ceremony.challengeId,
          response: passkey.register(ceremony.options),
        },
      });
      if (created.status !== 201) throw new Error(`Passkey: ${JSON.stringify(created.body)}`);
      return {
        id: data<{ publicId: string }>(created).publicId,
        changes: { name: [`Phone ${w.t.unique()}`] },
      };
    },
    async read(w, target) {
      const list = await w.t.call('GET', 'PasskeyList', { token: w.company.admin.token });
      return data<Read[]>(list).find((passkey) => passkey.publicId === target.id)!;
    },
    patch: (w, target, property, value) =>
      w.t.call('PATCH', `Passkey/${target.id}`, {
        token: w.company.admin.token,
        body: { [property]: value },
      }),
  },

  DataSource: {
    setup: loggingFixtures,
    async create(w, fx, changing) {
      // A Modbus source has a service and a unit, an MQTT one a broker.
      const id =
        changing === 'mqttBroker'
          ? await w.create(`AgentDataSourceList/${fx.agent}`, {
              name: `Broker feed ${w.t.unique()}`,
              kind: 'mqtt',
              mqttBroker: ref(fx.broker!),
            })
          : await w.create(`AgentDataSourceList/${fx.agent}`, {
              name: `PLC ${w.t.unique()}`,
              kind: 'modbus',
              server: ref(fx.service!),
              unitId: 3,
            });
      return {
        id,
        changes: {
          name: [`Drive ${w.t.unique()}`],
          server: [ref(fx.service2!)],
          unitId: [4, 0],
          mqttBroker: [ref(fx.broker2!)],
        },
      };
    },
  },

  Tag: {
    setup: loggingFixtures,
    async create(w, fx) {
      const id = await w.create(`AgentTagList/${fx.agent}`, {
        name: `temperature ${w.t.unique()}`,
        dataSource: ref(fx.source!),
        address: 'hr:0',
        dataType: 'float32',
        scale: 2,
        unit: '°C',
        sampleIntervalSeconds: 10,
        logMode: 'interval',
      });
      return {
        id,
        changes: {
          name: [`pressure ${w.t.unique()}`],
          dataSource: [ref(fx.source2!)],
          address: ['hr:4', 'ir:2'],
          dataType: ['int16', 'float64'],
          scale: [0.5],
          unit: ['bar', ''],
          sampleIntervalSeconds: [60],
          logMode: ['change'],
        },
      };
    },
  },

  Page: {
    async setup(w) {
      const assetType = await w.create('AssetTypeList', { name: 'PLC' });
      const groupType = await w.create('GroupTypeList', { name: 'Site', color: '#12ab9f' });
      return {
        agent: await w.create('AgentList', { name: 'Gateway' }),
        agent2: await w.create('AgentList', { name: 'Gateway 2' }),
        asset: await w.create('AssetList', { name: 'Press', assetType: ref(assetType) }),
        asset2: await w.create('AssetList', { name: 'Pump', assetType: ref(assetType) }),
        group: await w.create('GroupList', { name: 'Plant', groupType: ref(groupType) }),
        group2: await w.create('GroupList', { name: 'Works', groupType: ref(groupType) }),
      };
    },
    async create(w, fx) {
      const id = await w.create('PageList', {
        title: `Overview ${w.t.unique()}`,
        kind: 'report',
        agents: [ref(fx.agent!)],
        assets: [ref(fx.asset!)],
        group: ref(fx.group!),
      });
      return {
        id,
        changes: {
          kind: ['dashboard'],
          agents: [[ref(fx.agent2!)], [ref(fx.agent!), ref(fx.agent2!)], []],
          assets: [[ref(fx.asset2!)], []],
          group: [ref(fx.group2!), null],
        },
      };
    },
  },

  PageVersion: {
    async setup(w) {
      const fx = await patchGenerators.Page!.setup!(w);
      return {
        ...fx,
        subPage: await w.create('PageList', { title: 'Details' }),
        subPage2: await w.create('PageList', { title: 'History' }),
      };
    },
    async create(w, fx) {
      const page = await w.create('PageList', {
        title: `Overview ${w.t.unique()}`,
        agents: [ref(fx.agent!)],
      });
      const id = await w.create(`PageVersionList/${page}`, {
        title: 'Draft',
        custom: { glbMatIcon: 'factory' },
        group: ref(fx.group!),
        periodSpec: 'last7d',
      });
      const set = await w.call('PATCH', `PageVersion/${id}`, {
        components: [{ id: 'a', kind: 'text', x: 0, y: 0, w: 12, h: 1, text: 'Hello' }],
        pagePages: [ref(fx.subPage!)],
        previewAgent: ref(fx.agent!),
        previewAsset: ref(fx.asset!),
      });
      if (set.status !== 200) throw new Error(`PageVersion: ${JSON.stringify(set.body)}`);
      return {
        id,
        changes: {
          title: [`Second draft ${w.t.unique()}`],
          custom: [{ glbMatIcon: 'dashboard' }, { glbMatIcon: null }],
          group: [ref(fx.group2!), null],
          periodSpec: ['yesterday', 'custom:2026-01-01T00:00:00Z/2026-01-02T00:00:00Z'],
          components: [[{ id: 'b', kind: 'gauge', x: 1, y: 2, w: 3, h: 4, min: 0, max: 10 }], []],
          pagePages: [[ref(fx.subPage2!)], []],
          previewAgent: [ref(fx.agent2!), null],
          previewAsset: [ref(fx.asset2!), null],
        },
      };
    },
    moving: ['updatedOn'],
  },

  ReportSchedule: {
    async setup(w) {
      await installApps(w, ['reports']);
      const agent = await w.create('AgentList', { name: 'Boiler' });
      const agent2 = await w.create('AgentList', { name: 'Boiler 2' });
      const page = await w.create('PageList', {
        title: 'Nightly',
        kind: 'report',
        agents: [ref(agent), ref(agent2)],
      });
      await w.create(`PageVersionList/${page}`, { title: 'Nightly' });
      const published = await w.call('POST', `PageDraft/${page}`, { publicId: page });
      if (published.status >= 300) throw new Error(`publishing: ${JSON.stringify(published.body)}`);
      const viewer = await w.t.newMember(w.company, ['agents.connect']);
      return { page, agent, admin: w.company.admin.publicId, viewer: viewer.publicId };
    },
    async create(w, fx) {
      const id = await w.create('ReportScheduleList', {
        report: ref(fx.page!),
        agent: ref(fx.agent!),
        frequency: 'weekly',
        timeZone: 'Europe/Berlin',
        recipients: [ref(fx.admin!), ref(fx.viewer!)],
      });
      return {
        id,
        changes: {
          frequency: ['daily', 'monthly'],
          timeZone: ['America/New_York'],
          recipients: [[ref(fx.viewer!)]],
        },
      };
    },
    // The next run is computed from the frequency and the time zone.
    follows: { frequency: ['nextRunOn'], timeZone: ['nextRunOn'] },
    async read(w, target) {
      const list = await w.call('GET', 'ReportScheduleList', undefined, { 'page-size': '100' });
      return data<Read[]>(list).find((schedule) => schedule.publicId === target.id)!;
    },
  },

  BackendComponentTemplate: {
    async setup(w) {
      await installApps(w, ['backendComponents']);
      return {};
    },
    async create(w) {
      const id = await w.create('BackendComponentTemplateList', {
        name: `Fahrenheit ${w.t.unique()}`,
        description: 'Converts',
        code: 'async function handler() { return 1; }',
      });
      return {
        id,
        changes: {
          name: [`Celsius ${w.t.unique()}`],
          description: ['Converts back', ''],
          code: ['async function handler() { return 2; }'],
        },
      };
    },
    moving: ['updatedOn'],
  },

  BackendComponentTemplateConfig: {
    async setup(w) {
      await installApps(w, ['backendComponents']);
      return {};
    },
    async create(w) {
      const template = await w.create('BackendComponentTemplateList', {
        name: `Fahrenheit ${w.t.unique()}`,
        code: 'async function handler() {}',
      });
      const id = await w.create('BackendComponentTemplateConfigList', {
        template: ref(template),
        values: { unit: 'F' },
        secrets: { apiKey: 'secret-1' },
        allowedHosts: ['api.example.com'],
      });
      return {
        id,
        changes: {
          values: [{ unit: 'C' }, {}],
          secrets: [{ token: 'secret-2' }, { apiKey: null }],
          allowedHosts: [['other.example.com:8443'], []],
        },
      };
    },
    // Secrets are named, never shown.
    follows: { secrets: ['secretNames'] },
  },

  BackendComponentTemplateShare: {
    async setup(w) {
      await installApps(w, ['backendComponents']);
      // Companies the administrator also belongs to: a template is shared only with those.
      const company = async (name: string) => {
        const token = w.company.admin.token;
        const created = await w.t.call('POST', 'CompanyList', {
          token,
          body: { name: `${name} ${w.t.unique()}` },
        });
        return data<{ publicId: string }>(created).publicId;
      };
      return { other: await company('Branch'), other2: await company('Subsidiary') };
    },
    async create(w, fx) {
      const template = await w.create('BackendComponentTemplateList', {
        name: `Fahrenheit ${w.t.unique()}`,
        code: 'async function handler() {}',
      });
      const id = await w.create('BackendComponentTemplateShareList', {
        template: ref(template),
        company: ref(fx.other!),
      });
      return { id, changes: { company: [ref(fx.other2!)] } };
    },
  },

  BackendComponentMessageSubscription: {
    async setup(w) {
      const fx = await loggingFixtures(w);
      await installApps(w, ['backendComponents']);
      const { agent: agent2, service } = await agentWithTcpService(w, 'Other');
      const source = await w.create(`AgentDataSourceList/${agent2}`, {
        name: 'PLC',
        kind: 'modbus',
        server: ref(service),
      });
      const tag3 = await w.create(`AgentTagList/${agent2}`, {
        name: 'level',
        dataSource: ref(source),
        address: 'hr:0',
        dataType: 'float32',
      });
      const template = await w.create('BackendComponentTemplateList', {
        name: 'Fahrenheit',
        code: 'async function handler() {}',
      });
      return { ...fx, agent2, tag3, template };
    },
    async create(w, fx, changing) {
      // Tags belong to a subscription of tag samples, a cron to a scheduled one.
      const id = await w.create(
        'BackendComponentMessageSubscriptionList',
        changing === 'cron'
          ? {
              template: ref(fx.template!),
              kind: 'schedule',
              agent: ref(fx.agent!),
              cron: '*/5 * * * *',
              enabled: false,
            }
          : {
              template: ref(fx.template!),
              kind: 'tagSamples',
              agent: ref(fx.agent!),
              tags: [ref(fx.tag!)],
              enabled: false,
            },
      );
      return {
        id,
        changes: {
          agent: [{ agent: ref(fx.agent2!), tags: [ref(fx.tag3!)] }],
          tags: [[ref(fx.tag2!)], [ref(fx.tag!), ref(fx.tag2!)]],
          cron: ['0 * * * *'],
          enabled: [true],
        },
      };
    },
    // Another agent's subscription of tag samples names that agent's tags.
    body: (property, value) =>
      property === 'agent' ? (value as Record<string, unknown>) : { [property]: value },
    follows: { agent: ['tags'] },
  },

  AlarmCondition: {
    setup: loggingFixtures,
    async create(w, fx) {
      const id = await w.create(`AgentAlarmConditionList/${fx.agent}`, {
        name: `Too hot ${w.t.unique()}`,
        tag: ref(fx.tag!),
        kind: 'above',
        threshold: 50,
        hysteresis: 2,
        delaySeconds: 30,
        severity: 'critical',
        enabled: false,
      });
      return {
        id,
        changes: {
          name: [`Too cold ${w.t.unique()}`],
          tag: [ref(fx.tag2!)],
          kind: ['below', 'changed'],
          threshold: [80],
          hysteresis: [5],
          delaySeconds: [60],
          severity: ['info'],
          enabled: [true],
        },
      };
    },
    // A condition of kind `changed` has no threshold.
    follows: { kind: ['threshold'] },
  },
};

/** The terms of use or the privacy statement: a change names one language's text. */
function legalText(readRel: string): PatchGenerator {
  return {
    async create(w) {
      for (const [language, body] of [
        ['en', '# Rules'],
        ['de', '# Regeln'],
      ]) {
        const set = await w.call('PATCH', `${readRel}Language`, { language, body });
        if (set.status !== 200) throw new Error(`${readRel}Language: ${JSON.stringify(set.body)}`);
      }
      return {
        changes: {
          language: [{ language: 'fr', body: `# Règles ${w.t.unique()}` }],
          body: [
            { language: 'de', body: `# Neue Regeln ${w.t.unique()}` },
            { language: 'de', body: null },
          ],
        },
      };
    },
    async read(w) {
      return data<{ languages: Read }>(await w.call('GET', readRel)).languages;
    },
    patch: (w, _target, _property, value) => w.call('PATCH', `${readRel}Language`, value),
    touched: (_property, value) => [(value as { language: string }).language],
  };
}
