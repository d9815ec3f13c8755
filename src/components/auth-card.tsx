/** The frame of the public screens (sign-in, sign-up): logo, product name, title and content. */
import { Box, Center, Heading, Image, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Center minH="100dvh" px="4" py={{ base: '6', md: '10' }}>
      <Box
        as="main"
        bg="bg"
        px={{ base: '5', md: '8' }}
        py={{ base: '6', md: '8' }}
        rounded="xl"
        shadow="md"
        borderWidth="1px"
        w="full"
        maxW="md"
      >
        <Stack gap="6">
          <Stack gap="3" align="center" textAlign="center">
            <Image src="./icons/icon-192.png" alt="" boxSize="16" rounded="xl" />
            <Heading as="h1" size="2xl">
              Chairside Service
            </Heading>
            <Stack gap="1">
              <Heading as="h2" size="md">
                {title}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {intro}
              </Text>
            </Stack>
          </Stack>
          {children}
        </Stack>
      </Box>
    </Center>
  );
}
