// The cross-engine scenarios (scenarios.ts) in Firefox ESR, over WebDriver BiDi.
import { firefoxEngine } from './firefox';
import { engineScenarios } from './scenarios';

engineScenarios(firefoxEngine);
