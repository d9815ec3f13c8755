// The cross-engine scenarios (scenarios.ts) in WebKitGTK, Safari's engine, over WebKitWebDriver.
import { engineScenarios } from './scenarios';
import { webkitEngine } from './webkit';

engineScenarios(webkitEngine);
