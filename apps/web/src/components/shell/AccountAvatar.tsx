import Avatar from '@mui/material/Avatar';
import { LetterAvatar } from '../LetterAvatar.tsx';

type AccountAvatarProps = {
  /** The user's name: its initials are shown when the company has no logo. */
  name: string;
  /** The company's logo, when branding has set one. */
  logoUrl?: string | null;
  companyName?: string;
  size?: number;
};

/** The account button's picture: the company logo when there is one, otherwise the user's initials. */
export function AccountAvatar({ name, logoUrl, companyName, size = 36 }: AccountAvatarProps) {
  if (logoUrl) {
    return (
      <Avatar
        src={logoUrl}
        alt={companyName ?? ''}
        variant="rounded"
        sx={{ width: size, height: size, bgcolor: 'common.white', '& img': { objectFit: 'contain' } }}
      />
    );
  }
  return <LetterAvatar name={name} size={size} ringed />;
}
