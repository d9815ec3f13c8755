// The collapsible box of local demo accounts (SPEC §2): one click fills the sign-in form.
import { Box, Button, Collapsible, Stack, Text } from '@chakra-ui/react';
import { DEMO_ACCOUNTS, type DemoAccount } from '../domain/demo-accounts';
import { roleLabel } from '../domain/role-labels';

export function DemoCredentials({ onPick }: { onPick: (account: DemoAccount) => void }) {
  return (
    <Collapsible.Root borderWidth="1px" rounded="lg" bg="bg.subtle">
      <Collapsible.Trigger asChild>
        <Button variant="ghost" w="full" justifyContent="space-between" px="4">
          Demo credentials
          <Collapsible.Indicator
            transition="transform 0.2s"
            _open={{ transform: 'rotate(180deg)' }}
          >
            <ChevronDown />
          </Collapsible.Indicator>
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="2" px="3" pb="3">
          <Text fontSize="sm" color="fg.muted" px="1">
            Local demo accounts. Pick one to fill the form.
          </Text>
          {DEMO_ACCOUNTS.map((account) => (
            <Button
              key={account.role}
              variant="outline"
              h="auto"
              py="2"
              px="3"
              justifyContent="flex-start"
              textAlign="start"
              onClick={() => onPick(account)}
            >
              <Box minW="0">
                <Text fontWeight="semibold">
                  {roleLabel(account.role)} · {account.name}
                </Text>
                <Text fontSize="sm" color="fg.muted" fontWeight="normal" truncate>
                  {account.email}
                </Text>
                <Text fontSize="sm" color="fg.muted" fontWeight="normal">
                  Password: {account.password}
                </Text>
              </Box>
            </Button>
          ))}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/**
 * Lucide's chevron-down, the same element react-icons' LuChevronDown renders. Drawn here because
 * this box is on the sign-in page, and react-icons keeps every icon of the app in one module: the
 * first icon imported from it would bring all of them to a first visit.
 */
function ChevronDown() {
  return (
    <svg
      stroke="currentColor"
      fill="none"
      strokeWidth="2"
      viewBox="0 0 24 24"
      strokeLinecap="round"
      strokeLinejoin="round"
      height="1em"
      width="1em"
      xmlns="http://www.w3.org/2000/svg"
      aria-hidden="true"
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}
