import { useCurrentUser } from '../../auth/current-user.tsx';
import { WelcomeCard } from './WelcomeCard.tsx';

export function HomePage() {
  const user = useCurrentUser();
  return (
    <WelcomeCard
      name={user.name}
      emailAddress={user.emailAddress}
      companyName={user.company?.name ?? ''}
      roleName={user.role?.name ?? null}
    />
  );
}
