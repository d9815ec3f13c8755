/** The wizard's four steps, with the current one marked (aria-current="step"). */
import { Box, Circle, HStack, Stack, Text } from '@chakra-ui/react';
import type { WizardStep } from './wizard-state';

export const STEP_TITLES: Record<WizardStep, string> = {
  1: 'Select Equipment',
  2: 'Verify Equipment',
  3: 'Installation Checklist',
  4: 'Customer Acceptance',
};

const STEPS: WizardStep[] = [1, 2, 3, 4];

export function StepIndicator({ current }: { current: WizardStep }) {
  return (
    <Box as="nav" aria-label="Installation steps" mb="6">
      <HStack as="ol" gap="2" m="0" p="0" align="stretch">
        {STEPS.map((step) => {
          const state = step < current ? 'done' : step === current ? 'current' : 'todo';
          return (
            <Stack
              as="li"
              key={step}
              listStyleType="none"
              flex="1"
              minW="0"
              direction={{ base: 'column', lg: 'row' }}
              align={{ base: 'start', lg: 'center' }}
              gap="2"
              p="2"
              borderBottomWidth="4px"
              borderColor={state === 'todo' ? 'border' : 'brand.solid'}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <Circle
                size="8"
                flexShrink={0}
                bg={state === 'todo' ? 'bg.muted' : 'brand.solid'}
                color={state === 'todo' ? 'fg.muted' : 'brand.contrast'}
                fontWeight="bold"
              >
                {step}
              </Circle>
              <Text
                fontWeight={state === 'current' ? 'bold' : 'medium'}
                color={state === 'todo' ? 'fg.muted' : 'fg'}
                lineHeight="short"
                fontSize={{ base: 'sm', lg: 'md' }}
              >
                {STEP_TITLES[step]}
              </Text>
            </Stack>
          );
        })}
      </HStack>
    </Box>
  );
}
