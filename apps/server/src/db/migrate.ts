import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import * as foundation from './migrations/0001-foundation.ts';
import * as messages from './migrations/0002-messages.ts';
import * as groupsAndAssets from './migrations/0003-groups-and-assets.ts';
import * as usersAndAudiences from './migrations/0004-users-and-audiences.ts';
import * as customFieldsAndMqtt from './migrations/0005-custom-fields-and-mqtt.ts';
import * as devicesAndAccess from './migrations/0006-devices-and-access.ts';
import * as companyCustom from './migrations/0007-company-custom.ts';
import * as sessionsAndRegistrations from './migrations/0008-sessions-and-registrations.ts';
import * as inviteSentAt from './migrations/0009-invite-sent-at.ts';
import * as agentMembershipIds from './migrations/0010-agent-membership-ids.ts';
import * as sectorsAndBranding from './migrations/0011-sectors-and-branding.ts';
import * as termsOfUse from './migrations/0012-terms-of-use.ts';
import * as translations from './migrations/0013-translations.ts';
import * as userLanguage from './migrations/0014-user-language.ts';
import * as apps from './migrations/0015-apps.ts';
import * as usage from './migrations/0016-usage.ts';
import * as licences from './migrations/0017-licences.ts';
import * as companyPropertiesAndMenuItems from './migrations/0018-company-properties-and-menu-items.ts';
import * as screensaver from './migrations/0019-screensaver.ts';
import * as temporaryAccess from './migrations/0020-temporary-access.ts';
import * as accountSecurity from './migrations/0021-account-security.ts';
import * as webAccess from './migrations/0022-web-access.ts';
import * as dataLogging from './migrations/0023-data-logging.ts';
import * as alarms from './migrations/0024-alarms.ts';
import * as pages from './migrations/0025-pages.ts';
import * as reports from './migrations/0026-reports.ts';
import * as backendComponents from './migrations/0027-backend-components.ts';
import * as webhooks from './migrations/0028-webhooks.ts';
import * as jobQueue from './migrations/0029-job-queue.ts';
import * as relayProcesses from './migrations/0030-relay-processes.ts';
import * as rateLimits from './migrations/0031-rate-limits.ts';
import * as functionDroppedRuns from './migrations/0032-function-dropped-runs.ts';
import * as relayTicketSignIn from './migrations/0033-relay-ticket-sign-in.ts';
import * as reportClaims from './migrations/0034-report-claims.ts';

// Migrations are listed in code (not read from disk) so the same set runs from source,
// in tests and in any bundle.
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-messages': messages,
  '0003-groups-and-assets': groupsAndAssets,
  '0004-users-and-audiences': usersAndAudiences,
  '0005-custom-fields-and-mqtt': customFieldsAndMqtt,
  '0006-devices-and-access': devicesAndAccess,
  '0007-company-custom': companyCustom,
  '0008-sessions-and-registrations': sessionsAndRegistrations,
  '0009-invite-sent-at': inviteSentAt,
  '0010-agent-membership-ids': agentMembershipIds,
  '0011-sectors-and-branding': sectorsAndBranding,
  '0012-terms-of-use': termsOfUse,
  '0013-translations': translations,
  '0014-user-language': userLanguage,
  '0015-apps': apps,
  '0016-usage': usage,
  '0017-licences': licences,
  '0018-company-properties-and-menu-items': companyPropertiesAndMenuItems,
  '0019-screensaver': screensaver,
  '0020-temporary-access': temporaryAccess,
  '0021-account-security': accountSecurity,
  '0022-web-access': webAccess,
  '0023-data-logging': dataLogging,
  '0024-alarms': alarms,
  '0025-pages': pages,
  '0026-reports': reports,
  '0027-backend-components': backendComponents,
  '0028-webhooks': webhooks,
  '0029-job-queue': jobQueue,
  '0030-relay-processes': relayProcesses,
  '0031-rate-limits': rateLimits,
  '0032-function-dropped-runs': functionDroppedRuns,
  '0033-relay-ticket-sign-in': relayTicketSignIn,
  '0034-report-claims': reportClaims,
};

/** The newest migration this code knows: /readyz is ready only once the database has it. */
export const latestMigration = Object.keys(migrations).at(-1)!;

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Migrations work on the schema as it was then, not on today's table types.
  const { error, results } = await new Migrator({ db: db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
