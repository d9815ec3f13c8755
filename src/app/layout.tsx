// The frame every signed-in screen sits in: top bar (logo, sync status, user name, role badge,
// Sign Out), role navigation (drawer on phones, sidebar on tablets and desktops) and the content
// area. Below desktop width the sync status takes the top bar's second row so it stays legible.
import {
  Badge,
  Box,
  Drawer,
  Flex,
  Grid,
  Heading,
  IconButton,
  Image,
  Link,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { LuMenu } from 'react-icons/lu';
import { useCurrentUser } from '../data/session-context';
import { layoutDrawn } from '../data/screen-reads';
import { requestPersistentStorage } from '../data/persistent-storage';
import { ColorModeButton } from './color-mode-button';
import { InstallCard } from './install/install-card';
import { InstallNavItem } from './install/install-nav-item';
import { ScreenArea } from './screen-area';
import { SkipLink, useFocusOnRouteChange } from './main-focus';
import { areaNav, roles, type NavItem } from '../domain/paths';
import { roleLabel } from '../domain/labels';
import { SignOutButton } from './sign-out';
import { SessionBanners } from './sync-status/session-banners';
import { SyncIndicator } from './sync-status/sync-indicator';

function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return (
    <Stack as="nav" aria-label="Main" gap="1">
      {items.map((item) => (
        <Link
          asChild
          key={item.path}
          px="3"
          minH="44px"
          display="flex"
          alignItems="center"
          rounded="md"
          fontWeight="medium"
          color="fg.muted"
          _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
          css={{ '&[aria-current=page]': { bg: 'brand.muted', color: 'brand.fg' } }}
        >
          <NavLink to={item.path} end onClick={onNavigate}>
            {item.label}
          </NavLink>
        </Link>
      ))}
    </Stack>
  );
}

/** The navigation of a role; an unknown role gets the customer's (SPEC §2). */
export function navFor(role: string): NavItem[] {
  const known = roles.find((r) => r === role);
  return areaNav[known ?? 'CUSTOMER'];
}

function UserBlock({ name, role }: { name: string; role: string }) {
  return (
    <Stack
      gridArea="user"
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'flex-start', md: 'center' }}
      gap={{ base: '0.5', md: '2' }}
      minW="0"
    >
      {/* A long name gives way first (ellipsis, the whole name in the title), never the logo. */}
      <Text
        fontWeight="semibold"
        truncate
        maxW={{ base: 'full', lg: '12rem', xl: '20rem' }}
        lineHeight="short"
        title={name}
      >
        {name}
      </Text>
      <Badge
        variant="solid"
        bg="blackAlpha.300"
        color="inherit"
        size={{ base: 'sm', md: 'md' }}
        aria-label={`Role: ${roleLabel(role)}`}
      >
        {roleLabel(role)}
      </Badge>
    </Stack>
  );
}

export function Layout() {
  const user = useCurrentUser();
  const nav = navFor(user.role);
  const [open, setOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  useFocusOnRouteChange(main);
  useEffect(() => {
    void requestPersistentStorage();
    layoutDrawn();
  }, []);
  return (
    <Flex direction="column" minH="100dvh">
      <Grid
        as="header"
        templateAreas={{
          base: `"menu logo user color signout" "sync sync sync sync sync"`,
          md: `"logo title user color signout" "sync sync sync sync sync"`,
          lg: `"logo title sync user color signout"`,
        }}
        templateColumns={{
          base: 'auto auto minmax(0, 1fr) auto auto',
          md: 'auto minmax(0, 1fr) minmax(0, auto) auto auto',
          // The product name keeps its width; the sync status and the user's name share the rest.
          lg: 'auto max-content minmax(0, 1fr) minmax(0, auto) auto auto',
        }}
        alignItems="center"
        columnGap={{ base: '2', md: '3' }}
        rowGap="2"
        px={{ base: '2', md: '4' }}
        py="2"
        bg="brand.solid"
        color="brand.contrast"
        position="sticky"
        top="0"
        zIndex="sticky"
        // Focus rings in the bar's own contrast colour: the grey or teal ring vanishes on teal.
        css={{ '& :focus-visible': { outlineColor: 'brand.contrast' } }}
      >
        {/* The first Tab stop, in the banner landmark: outside every landmark, axe counts it as
            content no landmark holds (its href is a route, #/…, which axe does not take for a skip
            link's target). */}
        <SkipLink main={main} />
        <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start">
          <Drawer.Trigger asChild>
            <IconButton
              gridArea="menu"
              aria-label="Open navigation"
              variant="ghost"
              color="inherit"
              _hover={{ bg: 'blackAlpha.200' }}
              hideFrom="md"
              minW="44px"
              minH="44px"
            >
              <LuMenu />
            </IconButton>
          </Drawer.Trigger>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content>
                <Drawer.Header>
                  <Drawer.Title>Chairside Service</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <NavList items={nav} onNavigate={() => setOpen(false)} />
                  <InstallNavItem onChosen={() => setOpen(false)} />
                </Drawer.Body>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
        {/* A ring in the bar's text colour sets the teal tile apart from the teal bar. */}
        <Image
          gridArea="logo"
          src="./icons/favicon.svg"
          alt="Chairside Service"
          boxSize="8"
          rounded="22%"
          boxShadow="0 0 0 2px var(--chakra-colors-brand-contrast)"
        />
        <Heading as="p" gridArea="title" size="md" hideBelow="md" truncate>
          Chairside
          <Box as="span" hideBelow="xl">
            {' '}
            Service
          </Box>
        </Heading>
        <Box gridArea="sync" minW="0" justifySelf={{ lg: 'end' }} maxW="full">
          <SyncIndicator />
        </Box>
        <UserBlock name={user.name} role={user.role} />
        <Box gridArea="color">
          <ColorModeButton />
        </Box>
        <SignOutButton
          gridArea="signout"
          compact
          variant="ghost"
          color="inherit"
          _hover={{ bg: 'blackAlpha.200' }}
          px={{ base: '2', md: '3' }}
          minW="44px"
          minH="44px"
        />
      </Grid>
      <Flex flex="1">
        <Box as="aside" hideBelow="md" w="60" flexShrink={0} borderEndWidth="1px" bg="bg" p="3">
          <NavList items={nav} />
          <InstallNavItem />
        </Box>
        <Box as="main" ref={main} flex="1" p={{ base: '4', md: '6' }} minW="0">
          <SessionBanners />
          <InstallCard />
          <ScreenArea>
            <Outlet />
          </ScreenArea>
        </Box>
      </Flex>
    </Flex>
  );
}
