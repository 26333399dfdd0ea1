export { configDir, ensurePrivateDir, stateDir } from '../../core/node/paths.js';
