import { Navigate } from 'react-router';
import { useCurrentUser } from '../../auth/current-user.tsx';
import { useShellContext } from '../../components/shell/shell-context.ts';
import { NotAllowedCard } from '../errors/NotAllowedCard.tsx';
import { ShellErrorCard } from '../errors/ShellErrorCard.tsx';
import { homeTarget } from './home-target.ts';

/** An empty page that leads on to the first screen the user may open; without one, "Not allowed" at `/`. */
export function HomePage() {
  const { features } = useShellContext();
  const user = useCurrentUser();
  const target = homeTarget(features, user.capabilities);
  if (target) return <Navigate to={target} replace />;
  return (
    <ShellErrorCard>
      <NotAllowedCard />
    </ShellErrorCard>
  );
}
