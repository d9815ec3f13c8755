/**
 * A figure drawn as a bar with its number beside it (issue 29): a bar at 0 is an empty strip
 * that says nothing, so the percent is always written next to its label. A figure with nothing
 * behind it is not drawn as a bar at all: the screen says why in words instead (STYLE 15).
 */
import { HStack, Progress } from '@chakra-ui/react';

export function PercentBar({
  label,
  value,
  size = 'sm',
}: {
  /** Names the bar for everyone, e.g. 'Team efficiency'. */
  label: string;
  /** 0 to 100; shown rounded. */
  value: number;
  size?: 'sm' | 'md' | 'lg';
}) {
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <Progress.Root value={percent} colorPalette="brand" size={size}>
      <HStack justify="space-between" mb="1">
        <Progress.Label fontSize="sm">{label}</Progress.Label>
        <Progress.ValueText fontSize="sm">{percent}%</Progress.ValueText>
      </HStack>
      {/* The track is the progressbar: named here, as the label element is not tied to it. */}
      <Progress.Track rounded="full" aria-label={label}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
