import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { clearCompanyId } from '../../auth/session.ts';
import { FullPageProgress } from '../FullPageProgress.tsx';

/** The selected company is gone or was never joined: forget it and let the user choose again. */
export function LeaveCompany() {
  const navigate = useNavigate();
  useEffect(() => {
    clearCompanyId();
    void navigate('/my-companies', { replace: true });
  }, [navigate]);
  return <FullPageProgress />;
}
