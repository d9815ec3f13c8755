// Every vendor route in light and dark mode (tests/e2e/a11y-all-roles.ts has what is checked).
import { everyRouteInBothModes } from './a11y-all-roles';

everyRouteInBothModes('VENDOR');
