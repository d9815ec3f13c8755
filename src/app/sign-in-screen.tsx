// The public entry screen. The sign-in form itself arrives with the session issue; until then
// this names the product and links to each area's home.
import { Box, Button, Center, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { areaNav, roles } from './paths';

export function SignInScreen() {
  return (
    <Center minH="100dvh" p="4">
      <Box bg="bg" p="8" rounded="xl" shadow="md" w="full" maxW="md">
        <Stack gap="6" align="center" textAlign="center">
          <Image src="./icons/icon-192.png" alt="Chairside Service" boxSize="20" />
          <Heading as="h1" size="2xl">
            Chairside Service
          </Heading>
          <Text color="fg.muted">
            Service, installations, warranties and parts for S30 Sigma and U500 Ambidextrous chairs.
          </Text>
          <Stack w="full" gap="2">
            {roles.map((role) => (
              <Button key={role} asChild colorPalette="brand" variant="outline">
                <Link to={areaNav[role][0]!.path}>
                  {role.charAt(0) + role.slice(1).toLowerCase()} area
                </Link>
              </Button>
            ))}
          </Stack>
        </Stack>
      </Box>
    </Center>
  );
}
