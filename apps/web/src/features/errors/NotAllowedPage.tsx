import { CenteredLayout } from '../../components/CenteredLayout.tsx';
import { NotAllowedCard } from './NotAllowedCard.tsx';

export function NotAllowedPage() {
  return (
    <CenteredLayout>
      <NotAllowedCard />
    </CenteredLayout>
  );
}
