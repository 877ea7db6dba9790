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
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Migrations work on the schema as it was then, not on today's table types.
  const { error, results } = await new Migrator({ db: db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
