// Light / dark switch for the top bar (next-themes stores the choice).
import { IconButton } from '@chakra-ui/react';
import { useTheme } from 'next-themes';
import { LuMoon, LuSun } from 'react-icons/lu';

export function ColorModeButton() {
  const { resolvedTheme, setTheme } = useTheme();
  const dark = resolvedTheme === 'dark';
  return (
    <IconButton
      aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      variant="ghost"
      color="inherit"
      _hover={{ bg: 'whiteAlpha.200' }}
      minW="44px"
      minH="44px"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      {dark ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
