import { corePlugin } from './core/index.js';
import { proPlugin } from './pro/index.js';

/** Every plugin the generator emits, core first (Pro builds on core's runtime). */
export const plugins = [corePlugin, proPlugin] as const;
