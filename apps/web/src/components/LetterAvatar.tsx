import Avatar, { type AvatarProps } from '@mui/material/Avatar';

// Each carries white initials at 4.5:1 or more (WCAG AA); a deep orange, as #ef6c00 gave 3.1:1.
const colours = ['#0d47a1', '#00695c', '#6a1b9a', '#c62828', '#bf360c', '#2e7d32', '#37474f', '#ad1457'];

/** Up to two letters: the first letters of the first and the last word. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return colours[hash % colours.length] ?? '#0d47a1';
}

type LetterAvatarProps = Pick<AvatarProps, 'variant'> & {
  name: string;
  size?: number;
  /** A white ring that separates the avatar from a coloured background. */
  ringed?: boolean;
};

/** An avatar showing the initials of `name` on a colour that stays the same for that name. */
export function LetterAvatar({ name, size = 40, ringed = false, variant }: LetterAvatarProps) {
  return (
    <Avatar
      variant={variant}
      sx={{
        bgcolor: colourOf(name),
        width: size,
        height: size,
        fontSize: `${Math.round(size * 0.4)}px`,
        fontWeight: 500,
        border: ringed ? 2 : 0,
        borderColor: 'common.white',
      }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
