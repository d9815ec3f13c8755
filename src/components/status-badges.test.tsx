import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  PRIORITY_STYLE,
  TICKET_STATUS_STYLE,
  TicketPriorityBadge,
  TicketStatusBadge,
  WARRANTY_STYLE,
  WarrantyStatusBadge,
} from './status-badges';

type Mode = '_light' | '_dark';
const theme = defaultSystem._config.theme!;
const semantic = theme.semanticTokens!.colors as Record<string, Record<string, { value: unknown }>>;
const raw = theme.tokens!.colors as Record<string, Record<string, { value: string }>>;

/** A colour token ('red.fg', 'bg.panel') as hex in one colour mode. */
function hex(token: string, mode: Mode): string {
  const [palette = '', key = 'DEFAULT'] = token.split('.');
  const flat = (raw[palette] as unknown as { value?: string } | undefined)?.value;
  const entry = semantic[palette]?.[key]?.value ?? raw[palette]?.[key]?.value ?? flat;
  const value = typeof entry === 'object' && entry ? (entry as Record<Mode, string>)[mode] : entry;
  const ref = String(value).match(/^\{colors\.(.+)\}$/);
  if (ref) return hex(ref[1]!, mode);
  if (value === 'white') return '#ffffff';
  if (value === 'black') return '#000000';
  return String(value);
}

function luminance(colour: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(colour.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Text and background of a badge as Chakra's badge recipe paints it. */
function badgeColours(palette: string, variant: string, mode: Mode): [string, string] {
  if (variant === 'solid') return [hex(`${palette}.contrast`, mode), hex(`${palette}.solid`, mode)];
  if (variant === 'outline') return [hex(`${palette}.fg`, mode), hex('bg.panel', mode)];
  return [hex(`${palette}.fg`, mode), hex(`${palette}.subtle`, mode)];
}

const show = (ui: React.ReactNode) =>
  render(<ChakraProvider value={defaultSystem}>{ui}</ChakraProvider>);

describe('status badges', () => {
  it('never paint In Progress like High priority, nor Expiring soon like Expired', () => {
    expect(TICKET_STATUS_STYLE.IN_PROGRESS.palette).not.toBe(PRIORITY_STYLE.HIGH.palette);
    expect(TICKET_STATUS_STYLE.IN_PROGRESS.icon).not.toBe(PRIORITY_STYLE.HIGH.icon);
    expect(WARRANTY_STYLE.EXPIRING.palette).not.toBe(WARRANTY_STYLE.EXPIRED.palette);
    expect(WARRANTY_STYLE.EXPIRING.icon).not.toBe(WARRANTY_STYLE.EXPIRED.icon);
  });

  it('give every status of one kind its own colour and icon', () => {
    for (const styles of [TICKET_STATUS_STYLE, PRIORITY_STYLE, WARRANTY_STYLE]) {
      const looks = Object.values(styles).map((s) => `${s.palette}/${s.variant ?? 'subtle'}`);
      expect(new Set(looks).size).toBe(looks.length);
      const icons = Object.values(styles).map((s) => s.icon);
      expect(new Set(icons).size).toBe(icons.length);
    }
  });

  it('keep their words at 4.5:1 or more in light and dark mode', () => {
    for (const styles of [TICKET_STATUS_STYLE, PRIORITY_STYLE, WARRANTY_STYLE]) {
      for (const style of Object.values(styles)) {
        for (const mode of ['_light', '_dark'] as const) {
          const [text, background] = badgeColours(style.palette, style.variant ?? 'subtle', mode);
          expect(
            contrast(text, background),
            `${style.palette} ${style.variant ?? 'subtle'} ${mode}: ${text} on ${background}`,
          ).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });

  it('show the words beside an icon hidden from screen readers', () => {
    show(
      <>
        <TicketStatusBadge status="IN_PROGRESS" />
        <TicketPriorityBadge priority="HIGH" />
        <WarrantyStatusBadge warranty={{}} now={new Date()} />
      </>,
    );
    const badge = screen.getByText('In Progress');
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('High priority')).toBeInTheDocument();
    expect(screen.getByText('Not Activated')).toBeInTheDocument();
  });
});
