// Shown by the role guard when the signed-in role may not open this area (SPEC §2). Loaded on
// demand (guards.tsx): with Sign Out's confirmation dialog it is no part of the sign-in page.
import { Badge, Button, Card, Center, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { LuShieldAlert } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../data/session-context';
import { roleHome } from '../domain/paths';
import { SignOutButton } from './sign-out';

export function AccessDenied() {
  const { role } = useCurrentUser();
  return (
    <Center py={{ base: '6', md: '12' }}>
      <Card.Root maxW="lg" w="full">
        <Card.Body>
          <Stack gap="5" align="center" textAlign="center">
            <Center boxSize="16" rounded="full" bg="red.subtle" color="red.fg" fontSize="3xl">
              <LuShieldAlert />
            </Center>
            <Heading as="h1" size="2xl">
              Access Denied
            </Heading>
            <Text color="fg.muted">You don&apos;t have permission to view this page.</Text>
            <HStack gap="2">
              <Text>Your role:</Text>
              <Badge size="lg" colorPalette="brand" variant="subtle">
                {role}
              </Badge>
            </HStack>
            <Stack
              direction={{ base: 'column', sm: 'row' }}
              gap="3"
              w={{ base: 'full', sm: 'auto' }}
            >
              <Button asChild colorPalette="brand" minH="44px">
                <Link to={roleHome(role)}>Go to My Portal</Link>
              </Button>
              <SignOutButton variant="outline" />
            </Stack>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
