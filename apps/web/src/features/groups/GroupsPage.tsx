import type { Group } from '@fleetgate/contracts';
import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { TypedEntitiesPage } from '../typed-entities/TypedEntitiesPage.tsx';
import type { TypedEntityDialogProps } from '../typed-entities/typed-entity-kind.ts';
import { GroupDialog } from './GroupDialog.tsx';
import { GroupTable } from './GroupTable.tsx';
import { groupEntity, type GroupInput } from './group-entity.ts';
import { useAllGroups } from './use-groups.ts';

/** `/groups` and `/groups/type/{publicId}`: the company's groups, all or of one type. */
export function GroupsPage() {
  return (
    <TypedEntitiesPage<Group, GroupInput>
      kind={groupEntity}
      renderTable={(props) => <GroupTable {...props} />}
      renderDialog={(props) => <GroupDialogWithParents {...props} />}
    />
  );
}

/** The dialog, with every group to choose a parent from where the user may manage subgroups. */
function GroupDialogWithParents(props: TypedEntityDialogProps<Group, GroupInput>) {
  const user = useCurrentUser();
  const canManageSubgroups = hasCapability(user, 'subgroups.manage');
  // Mounted only while the dialog is open, so the groups are fetched only then.
  const allGroups = useAllGroups(canManageSubgroups);
  return <GroupDialog {...props} groups={canManageSubgroups ? (allGroups.data ?? []) : undefined} />;
}
