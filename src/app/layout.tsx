// The frame every signed-in screen sits in: top bar, role navigation (drawer on phones,
// sidebar on tablets and desktops) and the content area.
import {
  Box,
  Drawer,
  Flex,
  Heading,
  IconButton,
  Image,
  Link,
  Portal,
  Stack,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { requestPersistentStorage } from '../lib/persistent-storage';
import { NavLink, Outlet } from 'react-router-dom';
import { LuMenu } from 'react-icons/lu';
import type { NavItem } from './paths';
import { ColorModeButton } from './color-mode-button';

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

export function Layout({ nav }: { nav: NavItem[] }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    void requestPersistentStorage();
  }, []);
  return (
    <Flex direction="column" minH="100dvh">
      <Flex
        as="header"
        align="center"
        gap="3"
        px="4"
        h="14"
        bg="brand.solid"
        color="brand.contrast"
        position="sticky"
        top="0"
        zIndex="sticky"
      >
        <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start">
          <Drawer.Trigger asChild>
            <IconButton aria-label="Open navigation" variant="ghost" color="inherit" hideFrom="md">
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
                </Drawer.Body>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
        <Image src="./icons/favicon.svg" alt="" boxSize="8" />
        <Heading size="md" flex="1">
          Chairside Service
        </Heading>
        <ColorModeButton />
      </Flex>
      <Flex flex="1">
        <Box as="aside" hideBelow="md" w="60" flexShrink={0} borderEndWidth="1px" bg="bg" p="3">
          <NavList items={nav} />
        </Box>
        <Box as="main" flex="1" p={{ base: '4', md: '6' }} minW="0">
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
