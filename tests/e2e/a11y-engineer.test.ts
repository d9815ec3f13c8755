// Every engineer route in light and dark mode (tests/e2e/a11y-all-roles.ts has what is checked),
// with no heading level skipped on each screen and tab.
import { everyRouteInBothModes } from './a11y-all-roles';

everyRouteInBothModes('ENGINEER', { headingLevels: true });
