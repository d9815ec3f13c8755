import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give a screen 5 s, not 1 s: on a busy 2-core CI machine a Chakra screen with
// 70 checkboxes can take longer than a second to settle. Only the patience changes, not the checks.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
