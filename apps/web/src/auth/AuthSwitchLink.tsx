import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';

type AuthSwitchLinkProps = { question: string; linkText: string; to: '/login' | '/register' };

/** "New here? Create an account" — keeps `?next=` so the user still lands where they wanted. */
export function AuthSwitchLink({ question, linkText, to }: AuthSwitchLinkProps) {
  const { search } = useLocation();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
      {question}{' '}
      <Link component={RouterLink} to={`${to}${search}`} underline="hover" sx={{ fontWeight: 600 }}>
        {linkText}
      </Link>
    </Typography>
  );
}
