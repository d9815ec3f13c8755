// Every route of every role in dark mode (tests/e2e/a11y-all-roles.ts has what is checked).
import { everyRouteOfEveryRole } from './a11y-all-roles';

everyRouteOfEveryRole('dark');
